//! Enums whose values have fixed names on the command line, in configuration files and in reports.
//!
//! [`named_enum!`] writes, once for every such enum, what each used to write by hand: the list of every value in
//! report order (`ALL`), the value's name (`name`), parsing a name case-insensitively with an error that lists
//! the names (`FromStr`), and printing it (`Display`). Aliases (a second name that parses to a value) go in the
//! type's own `FromStr` wrapper where a type has them.
//!
//! [`ordinal`] names a rank in English words (`1st`, `52nd`), for every message that counts that way.

/// Defines an enum with one fixed name per variant:
///
/// ```ignore
/// named_enum! {
///     /// A colour.
///     #[derive(Clone, Copy, Debug, PartialEq, Eq)]
///     pub enum Colour("colour") {
///         /// Doc of the variant.
///         Red => "red",
///         DarkBlue => "dark-blue",
///     }
/// }
/// ```
#[macro_export]
#[doc(hidden)]
macro_rules! named_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident($what:literal) {
            $( $(#[$vmeta:meta])* $variant:ident => $text:literal ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        $vis enum $name {
            $( $(#[$vmeta])* $variant ),+
        }

        impl $name {
            /// Every value, in declaration (report) order.
            pub const ALL: [$name; [$($text),+].len()] = [$($name::$variant),+];

            /// The value's fixed name.
            pub fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }

            /// The value named `s` (ignoring ASCII case).
            pub fn from_name(s: &str) -> Option<$name> {
                $name::ALL.into_iter().find(|v| v.name().eq_ignore_ascii_case(s.trim()))
            }
        }

        impl std::str::FromStr for $name {
            type Err = String;
            fn from_str(s: &str) -> Result<Self, String> {
                $name::from_name(s).ok_or_else(|| {
                    let names: Vec<&str> = $name::ALL.iter().map(|v| v.name()).collect();
                    format!("unknown {} '{s}' (expected one of: {})", $what, names.join(", "))
                })
            }
        }

        /// The name, padded and aligned as the format asks (`{:<18}` in tables).
        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.pad(self.name())
            }
        }
    };
}

pub use crate::named_enum;

/// `k` as an English ordinal: `1st 2nd 3rd 4th … 11th 12th 13th … 21st 22nd 23rd … 52nd … 101st 111th`.
pub fn ordinal(k: u64) -> String {
    let suffix = match (k % 10, k % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{k}{suffix}")
}

#[cfg(test)]
mod tests {
    named_enum! {
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        enum Colour("colour") {
            Red => "red",
            DarkBlue => "dark-blue",
        }
    }

    #[test]
    fn names_parse_and_print() {
        assert_eq!(Colour::ALL, [Colour::Red, Colour::DarkBlue]);
        assert_eq!("DARK-blue".parse::<Colour>(), Ok(Colour::DarkBlue));
        assert_eq!(Colour::Red.to_string(), "red");
        assert_eq!(format!("[{:<5}]", Colour::Red), "[red  ]", "tables pad names like strings");
        assert_eq!("green".parse::<Colour>().unwrap_err(), "unknown colour 'green' (expected one of: red, dark-blue)");
    }

    #[test]
    fn ordinals_take_their_english_suffix() {
        use super::ordinal;
        let cases = [
            (0, "0th"),
            (1, "1st"),
            (2, "2nd"),
            (3, "3rd"),
            (4, "4th"),
            (10, "10th"),
            (11, "11th"),
            (12, "12th"),
            (13, "13th"),
            (21, "21st"),
            (22, "22nd"),
            (23, "23rd"),
            (52, "52nd"),
            (53, "53rd"),
            (54, "54th"),
            (101, "101st"),
            (111, "111th"),
            (112, "112th"),
            (1013, "1013th"),
        ];
        for (k, want) in cases {
            assert_eq!(ordinal(k), want);
        }
    }
}
