//! A paletted PNG, and base64 for its data URL: what a heatmap becomes when its cells are too varied for paths.
//!
//! A fair shoe's 312 × 312 matrix has a different colour step in nearly every cell, so its paths cost about
//! 13 bytes a cell (1.3 MB); as an image of one pixel a cell, one byte a cell before base64. The image is
//! written with stored (uncompressed) deflate blocks: no compression crate, the same bytes everywhere, and
//! any PNG reader decodes it (PNG, ISO/IEC 15948: 8-bit palette, filter 0 on every row; zlib, RFC 1950;
//! deflate, RFC 1951).

/// CRC-32 (ISO-HDLC, reflected polynomial 0xEDB88320), as PNG chunks need.
fn crc32(parts: &[&[u8]]) -> u32 {
    const TABLE: [u32; 256] = {
        let mut table = [0u32; 256];
        let mut i = 0;
        while i < 256 {
            let mut c = i as u32;
            let mut k = 0;
            while k < 8 {
                c = if c & 1 != 0 { 0xEDB8_8320 ^ (c >> 1) } else { c >> 1 };
                k += 1;
            }
            table[i] = c;
            i += 1;
        }
        table
    };
    let mut c = !0u32;
    for &b in parts.iter().flat_map(|p| p.iter()) {
        c = TABLE[((c ^ u32::from(b)) & 0xFF) as usize] ^ (c >> 8);
    }
    !c
}

/// Adler-32, the zlib stream's checksum of the uncompressed bytes.
fn adler32(data: &[u8]) -> u32 {
    const MOD: u32 = 65_521;
    let (mut a, mut b) = (1u32, 0u32);
    // 5552 bytes is the most that can be summed before b can overflow 32 bits (zlib's NMAX).
    for chunk in data.chunks(5552) {
        for &x in chunk {
            a += u32::from(x);
            b += a;
        }
        a %= MOD;
        b %= MOD;
    }
    (b << 16) | a
}

/// `data` as a zlib stream of stored deflate blocks (at most 65,535 bytes each).
fn zlib_stored(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() + data.len() / 65_535 * 5 + 11);
    out.extend_from_slice(&[0x78, 0x01]); // deflate, 32 KiB window, no dictionary; 0x7801 % 31 == 0
    let mut blocks = data.chunks(65_535).peekable();
    if blocks.peek().is_none() {
        out.extend_from_slice(&[1, 0, 0, 0xFF, 0xFF]);
    }
    while let Some(block) = blocks.next() {
        let last = u8::from(blocks.peek().is_none());
        let len = block.len() as u16;
        out.push(last); // BFINAL, BTYPE = 00 (stored), padded to the byte
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&(!len).to_le_bytes());
        out.extend_from_slice(block);
    }
    out.extend_from_slice(&adler32(data).to_be_bytes());
    out
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    out.extend_from_slice(&crc32(&[kind, data]).to_be_bytes());
}

/// A `width × height` PNG of 8-bit palette indices, row-major, each below `palette.len()` (1 to 256 colours).
pub(super) fn paletted(width: usize, height: usize, palette: &[[u8; 3]], pixels: &[u8]) -> Vec<u8> {
    assert_eq!(pixels.len(), width * height, "png: {} pixels for {width} × {height}", pixels.len());
    assert!((1..=256).contains(&palette.len()), "png: {} palette entries", palette.len());
    debug_assert!(pixels.iter().all(|&p| usize::from(p) < palette.len()));
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut header = Vec::with_capacity(13);
    header.extend_from_slice(&(width as u32).to_be_bytes());
    header.extend_from_slice(&(height as u32).to_be_bytes());
    header.extend_from_slice(&[8, 3, 0, 0, 0]); // bit depth 8, colour type 3 (palette), deflate, filter 0, no interlace
    chunk(&mut out, b"IHDR", &header);
    chunk(&mut out, b"PLTE", &palette.concat());
    let mut raw = Vec::with_capacity((width + 1) * height);
    for row in pixels.chunks(width.max(1)).take(height) {
        raw.push(0); // filter type 0: the row as it is
        raw.extend_from_slice(row);
    }
    chunk(&mut out, b"IDAT", &zlib_stored(&raw));
    chunk(&mut out, b"IEND", &[]);
    out
}

/// Standard base64 (RFC 4648, with padding).
pub(super) fn base64(data: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut s = String::with_capacity(data.len().div_ceil(3) * 4);
    for group in data.chunks(3) {
        let b = [group[0], *group.get(1).unwrap_or(&0), *group.get(2).unwrap_or(&0)];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for k in 0..4 {
            if k <= group.len() {
                s.push(char::from(ALPHABET[((n >> (18 - 6 * k)) & 63) as usize]));
            } else {
                s.push('=');
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checksums_match_their_published_check_values() {
        // CRC-32/ISO-HDLC's check value, and Adler-32 of "Wikipedia" (RFC 1950's worked example).
        assert_eq!(crc32(&[b"123456789"]), 0xCBF4_3926);
        assert_eq!(crc32(&[b"1234", b"56789"]), 0xCBF4_3926, "parts are one stream");
        assert_eq!(adler32(b"Wikipedia"), 0x11E6_0398);
        assert_eq!(adler32(b""), 1);
        // Past zlib's NMAX, where a missing reduction would overflow or drift: 65,536 bytes of 0xFF.
        // a = 1 + 65536·255 mod 65521, b = Σ_{i=1..65536} (1 + 255 i) mod 65521, summed exactly in u64.
        let data = vec![0xFFu8; 65_536];
        let a = (1 + 65_536u64 * 255) % 65_521;
        let b = (65_536u64 + 255 * 65_536 * 65_537 / 2) % 65_521;
        assert_eq!(u64::from(adler32(&data)), (b << 16) | a);
    }

    #[test]
    fn base64_matches_rfc_4648s_vectors() {
        for (plain, coded) in
            [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("foobar", "Zm9vYmFy")]
        {
            assert_eq!(base64(plain.as_bytes()), coded);
        }
        assert_eq!(base64(&[0xFB, 0xFF, 0xBF]), "+/+/");
    }

    /// Reads back what [`paletted`] wrote, checking every length and checksum on the way.
    fn decode(png: &[u8]) -> (usize, usize, Vec<[u8; 3]>, Vec<u8>) {
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        let (mut at, mut header, mut palette, mut idat, mut kinds) = (8, vec![], vec![], vec![], vec![]);
        while at < png.len() {
            let len = u32::from_be_bytes(png[at..at + 4].try_into().unwrap()) as usize;
            let kind = &png[at + 4..at + 8];
            let data = &png[at + 8..at + 8 + len];
            let crc = u32::from_be_bytes(png[at + 8 + len..at + 12 + len].try_into().unwrap());
            assert_eq!(crc, crc32(&[kind, data]), "{}", String::from_utf8_lossy(kind));
            kinds.push(String::from_utf8(kind.to_vec()).unwrap());
            match kind {
                b"IHDR" => header = data.to_vec(),
                b"PLTE" => palette = data.chunks(3).map(|c| [c[0], c[1], c[2]]).collect(),
                b"IDAT" => idat.extend_from_slice(data),
                _ => {}
            }
            at += 12 + len;
        }
        assert_eq!(kinds, ["IHDR", "PLTE", "IDAT", "IEND"]);
        let width = u32::from_be_bytes(header[0..4].try_into().unwrap()) as usize;
        let height = u32::from_be_bytes(header[4..8].try_into().unwrap()) as usize;
        assert_eq!(&header[8..], &[8, 3, 0, 0, 0]);
        assert_eq!((u16::from(idat[0]) << 8 | u16::from(idat[1])) % 31, 0, "zlib header check bits");
        let (mut at, mut raw) = (2, vec![]);
        loop {
            let last = idat[at] & 1;
            assert_eq!(idat[at] >> 1, 0, "stored block");
            let len = u16::from_le_bytes([idat[at + 1], idat[at + 2]]);
            assert_eq!(!len, u16::from_le_bytes([idat[at + 3], idat[at + 4]]));
            raw.extend_from_slice(&idat[at + 5..at + 5 + usize::from(len)]);
            at += 5 + usize::from(len);
            if last == 1 {
                break;
            }
        }
        assert_eq!(u32::from_be_bytes(idat[at..at + 4].try_into().unwrap()), adler32(&raw));
        assert_eq!(at + 4, idat.len());
        let mut pixels = vec![];
        for row in raw.chunks(width + 1) {
            assert_eq!(row[0], 0, "filter 0");
            pixels.extend_from_slice(&row[1..]);
        }
        assert_eq!(pixels.len(), width * height);
        (width, height, palette, pixels)
    }

    #[test]
    fn a_paletted_png_reads_back_whole() {
        let palette = [[0x05, 0x30, 0x61], [0xf7, 0xf7, 0xf7], [0x67, 0x00, 0x1f]];
        let pixels = [0, 1, 2, 2, 1, 0];
        let png = paletted(3, 2, &palette, &pixels);
        assert_eq!(decode(&png), (3, 2, palette.to_vec(), pixels.to_vec()));
        // Larger than one stored block (a 416 × 416 baccarat matrix is 173,472 bytes with its filter bytes).
        let (w, h) = (416, 416);
        let big: Vec<u8> = (0..w * h).map(|i| ((i * 7 + i / 13) % 33) as u8).collect();
        let palette: Vec<[u8; 3]> = (0..33u8).map(|i| [i, 255 - i, i / 2]).collect();
        assert_eq!(decode(&paletted(w, h, &palette, &big)), (w, h, palette, big));
    }
}
