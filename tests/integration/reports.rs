//! Report pages, pictures and the swap sweep, driven through the binary on small inputs.

use crate::common;
use common::{bin, read};

#[test]
fn run_writes_a_self_contained_page_and_a_heatmap() {
    let dir = tempfile::tempdir().unwrap();
    let o = bin()
        .args(["run", "-a", "naive-swap", "--seed", "3", "--shuffles", "20000", "--lang", "zh", "--no-timings"])
        .arg("--out")
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1), "naive-swap must FAIL");
    let stdout = String::from_utf8(o.stdout).unwrap();
    assert!(stdout.contains("FAIL（失败）"), "{stdout}");
    assert!(stdout.contains("report.html, position-card.svg"), "{stdout}");
    let page = read(&dir.path().join("report.html"));
    assert!(page.contains("<meta charset=\"utf-8\">") && page.contains("<html lang=\"zh-CN\">"));
    assert!(page.contains("黑桃A") && !page.contains("<script"));
    let svg = read(&dir.path().join("position-card.svg"));
    assert!(svg.starts_with("<?xml") && svg.contains("方块K"));
    // --no-timings: run.json depends only on the inputs; the CSV stays English.
    let json: serde_json::Value = serde_json::from_str(&read(&dir.path().join("run.json"))).unwrap();
    for field in ["seconds", "threads", "shuffles_per_second"] {
        assert!(json.get(field).is_none(), "{field} must be left out");
    }
    assert!(read(&dir.path().join("summary.csv")).contains(",FAIL,"));
    assert!(read(&dir.path().join("summary.md")).contains("![Position by card, observed/expected](position-card.svg)"));
}

#[test]
fn two_runs_write_the_same_bytes_without_timings() {
    let dir = tempfile::tempdir().unwrap();
    for (threads, sub) in [("1", "a"), ("2", "b")] {
        bin()
            .args(["run", "-a", "wash", "--deck", "54", "--seed", "5", "--shuffles", "40000", "--no-timings"])
            .args(["--threads", threads, "--out"])
            .arg(dir.path().join(sub))
            .output()
            .unwrap();
    }
    for file in ["report.html", "position-card.svg", "summary.md", "summary.csv", "counts.csv"] {
        assert_eq!(read(&dir.path().join("a").join(file)), read(&dir.path().join("b").join(file)), "{file}");
    }
    // run.json records the requested --threads as a parameter; apart from it the two are equal.
    let json = |sub: &str| read(&dir.path().join(sub).join("run.json")).replace("\"threads\": 2", "\"threads\": 1");
    assert_eq!(json("a"), json("b"));
}

#[test]
fn sweep_follows_the_exact_expectation() {
    // wash on 10 cards, 0..30 swaps, 2^14 shuffles per point, chacha8 seed 11. The number of fixed points of one
    // shuffle lies in 0..=10, so its variance is at most 25 (Popoviciu) and the mean's standard error at most
    // 5/128 ≈ 0.039; the tolerance 0.25 is 6.4 standard errors: by the normal approximation a false failure
    // has probability below 1e-9 per point, 1e-8 for the seven points.
    let dir = tempfile::tempdir().unwrap();
    let o = bin()
        .args(["sweep", "--algorithm", "wash", "--deck", "10", "--swaps", "0..30:5", "--shuffles", "2^14"])
        .args(["--rng", "chacha8", "--seed", "11", "--out"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut r = csv::Reader::from_path(dir.path().join("sweep.csv")).unwrap();
    let header: Vec<String> = r.headers().unwrap().iter().map(str::to_string).collect();
    assert_eq!(
        header.join(","),
        "algorithm,rng,deck,shuffles,seed,swaps,mean_fixed_points,expected_fixed_points,statistic,\
         expected_statistic,df,log10_p,verdict"
    );
    let rows: Vec<csv::StringRecord> = r.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 7);
    for row in &rows {
        let (observed, expected): (f64, f64) = (row[6].parse().unwrap(), row[7].parse().unwrap());
        assert!((observed - expected).abs() < 0.25, "swaps {}: {observed} vs {expected}", &row[5]);
    }
    // No swaps: every card stays, exactly.
    assert_eq!((&rows[0][6], &rows[0][7]), ("10.000000", "10.000000"));
    let svg = read(&dir.path().join("sweep.svg"));
    assert!(svg.contains("½·n·ln n ≈ 12") && svg.contains("fair: 1") && svg.contains("fair: (n−1)² = 81"));
    assert!(read(&dir.path().join("report.html")).contains("<table>"));
}

#[test]
fn bad_report_and_sweep_arguments_exit_2_naming_the_flag() {
    for (args, flag) in [
        (vec!["run", "-a", "identity", "--lang", "fr"], "--lang"),
        (vec!["compare", "--lang", "de"], "--lang"),
        (vec!["sweep", "-a", "fisher-yates", "--swaps", "0..10"], "--algorithm"),
        (vec!["sweep", "-a", "wash", "--swaps", "10..5"], "--swaps"),
        (vec!["sweep", "-a", "wash", "--swaps", "0..5:0"], "--swaps"),
        (vec!["sweep", "-a", "wash", "--swaps", "0..99999"], "--swaps"),
        (vec!["sweep", "-a", "pair-swap", "--swaps", "x"], "--swaps"),
    ] {
        let o = bin().args(&args).output().unwrap();
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert!(err.contains(flag), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    }
}

/// A fair shoe's heatmap changes colour nearly every cell, so it is drawn as one paletted PNG of a pixel a cell
/// (report/svg/png.rs). Python's zlib, an implementation other than ours, reads it back: every chunk's CRC, the
/// zlib stream with its Adler-32, a filter byte of 0 before each of the 312 rows of 312 pixels, every pixel an
/// entry of the palette, and the picture's size on the page 312 cells of 4 px. A map of few runs of one colour (no
/// shuffle at all: a red diagonal on blue) keeps its paths, which are shorter there.
#[test]
fn a_noisy_shoe_heatmap_is_one_png_that_another_decoder_reads() {
    let dir = tempfile::tempdir().unwrap();
    let o = bin()
        .args(["run", "-a", "fisher-yates", "--deck", "312", "--seed", "4", "--shuffles", "3000", "--no-timings"])
        .arg("--out")
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", common::text(&o.stderr));
    let svg = dir.path().join("position-card.svg");
    assert_eq!(read(&svg).matches("data:image/png;base64,").count(), 1);
    let check = r#"
import base64, re, struct, sys, zlib
svg = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r'<image width="(\d+)" height="(\d+)"[^>]* href="data:image/png;base64,([A-Za-z0-9+/=]+)"/>', svg)
assert m, "no image element"
assert (m.group(1), m.group(2)) == ("1248", "1248"), m.groups()[:2]
png = base64.b64decode(m.group(3), validate=True)
assert png[:8] == b"\x89PNG\r\n\x1a\n"
at, chunks = 8, {}
while at < len(png):
    (n,) = struct.unpack(">I", png[at:at + 4])
    kind, data = png[at + 4:at + 8], png[at + 8:at + 8 + n]
    (crc,) = struct.unpack(">I", png[at + 8 + n:at + 12 + n])
    assert crc == zlib.crc32(kind + data), kind
    chunks.setdefault(kind, b"")
    chunks[kind] += data
    at += 12 + n
assert list(chunks) == [b"IHDR", b"PLTE", b"IDAT", b"IEND"], list(chunks)
w, h, depth, colour, _, _, _ = struct.unpack(">IIBBBBB", chunks[b"IHDR"])
assert (w, h, depth, colour) == (312, 312, 8, 3)
palette = len(chunks[b"PLTE"]) // 3
raw = zlib.decompress(chunks[b"IDAT"])
assert len(raw) == 312 * 313
rows = [raw[i * 313:(i + 1) * 313] for i in range(312)]
assert all(r[0] == 0 for r in rows)
assert all(p < palette for r in rows for p in r[1:])
print(palette)
"#;
    let out = std::process::Command::new("python3").args(["-c", check]).arg(&svg).output().expect("python3 runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let steps: usize = String::from_utf8_lossy(&out.stdout).trim().parse().unwrap();
    assert!((5..=34).contains(&steps), "{steps} colour steps in a fair shoe's noise");

    let small = dir.path().join("small");
    bin()
        .args(["run", "-a", "identity", "--seed", "4", "--shuffles", "1000", "--no-timings", "--out"])
        .arg(&small)
        .output()
        .unwrap();
    let svg = read(&small.join("position-card.svg"));
    assert!(!svg.contains("<image") && svg.contains("<path fill="), "a smooth map keeps its paths");
}

/// `make-reports.sh --weigh DIR` (what `--check` runs on its fresh pages) holds the kept pages to 3 MB: exactly
/// 3,000,000 bytes pass, one more fails naming the heaviest file; a file outside the kept list does not count.
#[test]
fn the_kept_reports_weigh_at_most_three_megabytes() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir_all(root.join("compare/run-naive-swap-chacha8-52")).unwrap();
    std::fs::write(root.join("teach.html"), vec![b'a'; 2_000_000]).unwrap();
    std::fs::write(root.join("compare/run-naive-swap-chacha8-52/report.html"), vec![b'b'; 999_999]).unwrap();
    std::fs::write(root.join("compare/summary.csv"), b"c").unwrap();
    std::fs::write(root.join("not-kept.bin"), vec![0u8; 5_000_000]).unwrap();
    let weigh = || {
        std::process::Command::new("bash")
            .arg(common::repo().join("scripts/make-reports.sh"))
            .arg("--weigh")
            .arg(root)
            .output()
            .unwrap()
    };
    let o = weigh();
    assert_eq!(o.status.code(), Some(0), "{}", common::text(&o.stderr));
    assert!(common::text(&o.stdout).contains("weigh 3000000 bytes"), "{}", common::text(&o.stdout));
    std::fs::write(root.join("compare/summary.csv"), b"cc").unwrap();
    let o = weigh();
    assert_eq!(o.status.code(), Some(1));
    let err = common::text(&o.stderr);
    assert!(err.contains("weigh 3000001 bytes, more than 3000000") && err.contains("2000000 teach.html"), "{err}");
}
