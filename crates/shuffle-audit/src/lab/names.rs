//! The names testing labs and regulators give the tests, in English and Chinese: the lab page shows them beside
//! the tool's own test ids, so that a reader who knows the rules (GLI-19's chi-square of card by position, the
//! runs test, the serial correlation of NIST SP 800-22 and Knuth's TAOCP vol. 2 §3.3.2) finds each one.

use crate::cards::Lang;
use crate::stats::TestId;

/// The name a lab or a regulator gives `test`, in `lang`.
pub(crate) fn regulator_name(test: TestId, lang: Lang) -> &'static str {
    let (en, zh) = test.regulator_names();
    match lang {
        Lang::En => en,
        Lang::Zh => zh,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_test_has_a_regulator_name_in_both_languages() {
        let mut seen = std::collections::HashSet::new();
        for test in TestId::ALL {
            let (en, zh) = (regulator_name(test, Lang::En), regulator_name(test, Lang::Zh));
            let cjk = |s: &str| s.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
            assert!(en.len() > 10 && !cjk(en), "{test}: English name {en:?}");
            assert!(cjk(zh), "{test}: Chinese name {zh:?}");
            assert!(seen.insert(en), "{test}: its English name is another test's");
            assert!(seen.insert(zh), "{test}: its Chinese name is another test's");
        }
        assert_eq!(
            regulator_name(TestId::PositionCard, Lang::En),
            "Chi-square test of card by position (each card equally likely at each position)"
        );
        assert_eq!(regulator_name(TestId::RunsUpDown, Lang::En), "Runs test (runs up and down)");
    }
}
