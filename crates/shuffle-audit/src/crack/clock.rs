//! Times as the command line gives them: an RFC 3339 time (`2026-12-01T12:00:00Z`, `2026-12-01T20:00:00+08:00`,
//! fractions of a second allowed) or a Unix time in seconds (`1764590400`, `1764590400.250`), read into
//! milliseconds since the Unix epoch; and back into RFC 3339 for the output. Written out here (Howard Hinnant's
//! days-from-civil algorithm) because only these two conversions are needed.

/// Milliseconds since 1970-01-01T00:00:00Z.
pub(crate) type UnixMillis = i64;

/// Milliseconds in a day.
pub(crate) const DAY_MS: i64 = 86_400_000;

/// Reads an RFC 3339 time or a Unix time (seconds, optionally with a fraction).
pub(crate) fn parse_time(text: &str) -> Result<UnixMillis, String> {
    parse_local_time(text).map(|(t, _)| t)
}

/// Reads a time as [`parse_time`] does, with the UTC offset it was written in, in minutes (0 for `Z` and for
/// Unix times): the local clock a dealer reading `DateTime.Now` saw.
pub(crate) fn parse_local_time(text: &str) -> Result<(UnixMillis, i32), String> {
    let t = text.trim();
    if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        let seconds: f64 = t.parse().map_err(|_| format!("'{text}' is not a Unix time"))?;
        if seconds > 1e13 {
            return Err(format!("'{text}' is too far in the future for a Unix time in seconds"));
        }
        return Ok(((seconds * 1000.0).round() as i64, 0));
    }
    parse_rfc3339(t).ok_or_else(|| {
        format!(
            "'{text}' is not a time: give RFC 3339 (2026-12-01T12:00:00Z, 2026-12-01T20:00:00+08:00) or Unix seconds"
        )
    })
}

fn parse_rfc3339(t: &str) -> Option<(UnixMillis, i32)> {
    let b = t.as_bytes();
    if b.len() < 20 || b[4] != b'-' || b[7] != b'-' || !matches!(b[10], b'T' | b't' | b' ') || b[13] != b':' {
        return None;
    }
    let num = |r: std::ops::Range<usize>| -> Option<i64> {
        let s = t.get(r)?;
        if s.bytes().all(|c| c.is_ascii_digit()) { s.parse().ok() } else { None }
    };
    let (year, month, day) = (num(0..4)?, num(5..7)?, num(8..10)?);
    let (hour, minute, second) = (num(11..13)?, num(14..16)?, num(17..19)?);
    if b[16] != b':' || !(1..=12).contains(&month) || day < 1 || day > days_in_month(year, month) {
        return None;
    }
    if hour > 23 || minute > 59 || second > 60 {
        return None;
    }
    let mut rest = &t[19..];
    let mut millis = 0i64;
    if let Some(frac) = rest.strip_prefix('.') {
        let digits = frac.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return None;
        }
        let first3: String = frac[..digits].chars().chain("000".chars()).take(3).collect();
        millis = first3.parse().ok()?;
        rest = &frac[digits..];
    }
    let offset_minutes = match rest {
        "Z" | "z" => 0,
        _ => {
            let sign = match rest.as_bytes().first()? {
                b'+' => 1,
                b'-' => -1,
                _ => return None,
            };
            let r = &rest[1..];
            if r.len() != 5 || r.as_bytes()[2] != b':' {
                return None;
            }
            let (h, m): (i64, i64) = (r[..2].parse().ok()?, r[3..].parse().ok()?);
            if h > 23 || m > 59 {
                return None;
            }
            sign * (h * 60 + m)
        }
    };
    let days = days_from_civil(year, month, day);
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset_minutes * 60;
    Some((seconds * 1000 + millis, offset_minutes as i32))
}

fn is_leap(y: i64) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

fn days_in_month(y: i64, m: i64) -> i64 {
    match m {
        2 if is_leap(y) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date.
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date of a day number (inverse of [`days_from_civil`]).
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// `2026-12-01T12:00:00Z`, with `.250` when the time has milliseconds.
pub(crate) fn format_time(ms: UnixMillis) -> String {
    let (days, in_day) = (ms.div_euclid(DAY_MS), ms.rem_euclid(DAY_MS));
    let (y, m, d) = civil_from_days(days);
    let frac = if in_day % 1000 == 0 { String::new() } else { format!(".{:03}", in_day % 1000) };
    format!("{y:04}-{m:02}-{d:02}T{}{frac}Z", format_clock(in_day - in_day % 1000).trim_end_matches(".000"))
}

/// `HH:MM:SS.mmm` of milliseconds since midnight.
pub(crate) fn format_clock(ms_of_day: i64) -> String {
    let s = ms_of_day / 1000;
    format!("{:02}:{:02}:{:02}.{:03}", s / 3600, (s / 60) % 60, s % 60, ms_of_day % 1000)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc3339_and_unix_times_agree() {
        assert_eq!(parse_time("1970-01-01T00:00:00Z"), Ok(0));
        assert_eq!(parse_time("2026-12-01T12:00:00Z"), Ok(1_796_126_400_000));
        assert_eq!(parse_time("2026-12-01T20:00:00+08:00"), Ok(1_796_126_400_000));
        assert_eq!(parse_time("1796126400"), Ok(1_796_126_400_000));
        assert_eq!(parse_time("1796126400.25"), Ok(1_796_126_400_250));
        assert_eq!(parse_time("2024-02-29T23:59:59.5Z"), Ok(1_709_251_199_500));
        for bad in ["", "yesterday", "2026-13-01T00:00:00Z", "2025-02-29T00:00:00Z", "2026-12-01T12:00:00", "-5"] {
            assert!(parse_time(bad).is_err(), "{bad}");
        }
        assert_eq!(format_time(1_796_126_400_000), "2026-12-01T12:00:00Z");
        assert_eq!(format_time(1_709_251_199_500), "2024-02-29T23:59:59.500Z");
        assert_eq!(format_clock(45_296_789), "12:34:56.789");
    }
}
