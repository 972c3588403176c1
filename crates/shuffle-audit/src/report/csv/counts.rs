//! `counts.csv`: the position-by-card matrix, header `position,0,1,…,n-1`, one row per position.

use crate::stats::PositionCardCounts;

pub fn render(counts: &PositionCardCounts) -> Vec<u8> {
    render_matrix(counts.n(), 8, |p, c| counts.get(p, c).to_string())
}

/// The layout of [`render_matrix`] with `columns` columns over `rows` positions.
fn render_table(rows: usize, columns: usize, width: usize, cell: impl Fn(usize, usize) -> String) -> Vec<u8> {
    let mut out = String::with_capacity(rows * columns * width);
    out.push_str("position");
    for c in 0..columns {
        out.push_str(&format!(",{c}"));
    }
    out.push('\n');
    for p in 0..rows {
        out.push_str(&p.to_string());
        for c in 0..columns {
            out.push(',');
            out.push_str(&cell(p, c));
        }
        out.push('\n');
    }
    out.into_bytes()
}

/// `counts.csv` of a shoe written by face: header `position,0,1,…,b-1` (the faces of the `b`-card base deck),
/// one row per position of the shoe, each cell the count of every copy of that face there.
pub fn render_faces(counts: &PositionCardCounts, base: usize) -> Vec<u8> {
    let n = counts.n();
    render_table(n, base, 8, |p, f| (f..n).step_by(base).map(|c| counts.get(p, c)).sum::<u64>().to_string())
}

/// The layout `counts.csv` and `exact.csv` share: header `position,0,1,…,n-1`, then one row per position, the
/// cell of card c at position p written by `cell(p, c)` (about `width` characters each).
pub(crate) fn render_matrix(n: usize, width: usize, cell: impl Fn(usize, usize) -> String) -> Vec<u8> {
    render_table(n, n, width, cell)
}

/// Reads a matrix written by [`render`] back into counts; errors name the line.
pub fn parse(text: &str) -> Result<PositionCardCounts, String> {
    let mut lines = text.lines();
    let header = lines.next().ok_or("empty counts.csv")?;
    let n = header.split(',').count() - 1;
    let mut cells = Vec::with_capacity(n * n);
    for (i, line) in lines.enumerate() {
        let mut fields = line.split(',');
        fields.next();
        for f in fields {
            cells.push(f.parse::<u64>().map_err(|_| format!("line {}: '{f}' is not a count", i + 2))?);
        }
    }
    if cells.len() != n * n {
        return Err(format!("expected {n}×{n} counts, found {}", cells.len()));
    }
    Ok(PositionCardCounts::from_matrix(n, cells))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shoe_by_face_sums_the_copies_of_each_face() {
        // Two copies of a 2-card deck, ids numbered copy by copy: 0, 1 (first copies), 2, 3 (second copies).
        let mut c = PositionCardCounts::new(4);
        c.add(&[0, 2, 1, 3]); // faces 0 0 1 1
        c.add(&[1, 0, 3, 2]); // faces 1 0 1 0
        let text = String::from_utf8(render_faces(&c, 2)).unwrap();
        assert_eq!(text, "position,0,1\n0,1,1\n1,2,0\n2,0,2\n3,1,1\n");
    }

    #[test]
    fn snapshot_and_round_trip() {
        let mut c = PositionCardCounts::new(3);
        c.add(&[2, 0, 1]);
        c.add(&[0, 1, 2]);
        let text = String::from_utf8(render(&c)).unwrap();
        assert_eq!(text, "position,0,1,2\n0,1,0,1\n1,1,1,0\n2,0,1,1\n");
        assert_eq!(parse(&text).unwrap(), c);
    }
}
