//! Text from outside (a producer's stderr, a file name, a command line, a caller's function name) made safe for
//! each medium it is written to: one helper per medium, used by every renderer of that medium.
//!
//! - [`markup`]: HTML, SVG and XML. The five predefined entities are escaped, so no tag or attribute can be
//!   injected, and the characters XML 1.0 forbids or HTML calls a parse error (C0 controls but tab, newline
//!   and carriage return; DEL; the C1 controls; U+FFFE and U+FFFF) become U+FFFD.
//! - [`markdown`]: `summary.md`. HTML is neutralised (`&`, `<`, `>` as entities, which GitHub renders as the
//!   characters), `|` cannot end a table cell, and control characters are shown as visible escapes (`\x1b`).
//!   Backticks stay: our own sentences quote flags in code spans, and a code span shows its text literally.
//! - [`text`]: one field on the console or in a CSV cell. Every control character (C0 but tab, DEL, C1, and so
//!   newline and ESC too) is shown as a visible escape, `\x1b`, so no terminal sequence runs and no line is
//!   forged. [`terminal`] is the same for a whole console text, keeping its own newlines.

/// Whether `c` is a control character: C0 (U+0000–U+001F), DEL (U+007F) or C1 (U+0080–U+009F).
fn is_control(c: char) -> bool {
    matches!(c as u32, 0x00..=0x1F | 0x7F..=0x9F)
}

/// A control character as a visible escape: `\x1b`, `\x7f`, `\u{9b}`.
fn visible(c: char, out: &mut String) {
    use std::fmt::Write;
    let code = c as u32;
    let _ = if code <= 0x7F { write!(out, "\\x{code:02x}") } else { write!(out, "\\u{{{code:x}}}") };
}

/// Escapes text for HTML, SVG and XML, in content and in attribute values.
pub fn markup(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if is_control(c) || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// Escapes outside text for Markdown prose and table cells.
pub(crate) fn markdown(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '|' => out.push_str("\\|"),
            c if is_control(c) => visible(c, &mut out),
            c => out.push(c),
        }
    }
    out
}

/// One field of console or CSV text: every control character but tab shown as a visible escape.
pub(crate) fn text(s: &str) -> String {
    escape_controls(s, |c| c == '\t')
}

/// A whole console text: as `text`, keeping its newlines.
pub fn terminal(s: &str) -> String {
    escape_controls(s, |c| c == '\t' || c == '\n')
}

fn escape_controls(s: &str, keep: impl Fn(char) -> bool) -> String {
    if !s.chars().any(|c| is_control(c) && !keep(c)) {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if is_control(c) && !keep(c) { visible(c, &mut out) } else { out.push(c) }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOSTILE: &str = "a<script>alert('x')</script>&\"|`\x1b[31mred\x1b]0;title\x07\u{9b}2J\x7f\r\nz\tt";

    #[test]
    fn markup_leaves_no_tag_and_no_control_character() {
        let s = markup(HOSTILE);
        assert!(!s.contains('<') && !s.contains('>') && !s.contains('"') && !s.contains('\''), "{s}");
        assert!(s.contains("&lt;script&gt;") && s.contains("&amp;"), "{s}");
        assert!(!s.chars().any(|c| is_control(c) && !matches!(c, '\t' | '\n' | '\r')), "{s:?}");
        assert_eq!(markup("\x1b[1m"), "\u{FFFD}[1m");
        assert_eq!(markup("黑桃A"), "黑桃A");
    }

    #[test]
    fn markdown_neutralises_html_table_cells_and_controls() {
        let s = markdown(HOSTILE);
        assert!(!s.contains('<') && !s.contains('>'), "{s}");
        assert!(s.contains("&lt;script&gt;"), "{s}");
        assert!(!s.chars().any(is_control), "{s:?}");
        assert_eq!(markdown("a|b`c`"), "a\\|b`c`");
        assert_eq!(markdown("\x1b[31m"), "\\x1b[31m");
    }

    #[test]
    fn text_shows_every_control_character_but_tab() {
        let s = text(HOSTILE);
        assert!(!s.chars().any(|c| is_control(c) && c != '\t'), "{s:?}");
        assert_eq!(text("\x1b[31mred\x07"), "\\x1b[31mred\\x07");
        assert_eq!(text("a\nb\r"), "a\\x0ab\\x0d");
        assert_eq!(text("\u{9b}\x7f"), "\\u{9b}\\x7f");
        assert_eq!(text("tab\there <b>"), "tab\there <b>");
        assert_eq!(terminal("line 1\x1b[2J\nline 2\n"), "line 1\\x1b[2J\nline 2\n");
    }
}
