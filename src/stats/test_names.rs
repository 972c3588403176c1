//! Which of the battery's tests a run reports, by name (`tests = [...]` in a gate check, and `run --decks`).
//!
//! The selection is applied to the results of [`Battery::evaluate`] by name, before Holm's adjustment, so the
//! family whose error rate is controlled is exactly the selected tests. Names are checked against the tests
//! the battery reports for the deck size, so a misspelt name is an error and never a silently empty family.

use super::{Battery, TestId, TestResult};

/// The names of the battery's tests that apply to an `n`-card deck, in report order.
pub fn known_tests(n: usize) -> Vec<String> {
    TestId::ALL.into_iter().filter(|t| t.applies_to_deck(n).is_ok()).map(|t| t.name().to_string()).collect()
}

/// Checks that every name is a test of the battery for an `n`-card deck.
pub fn check_names(names: &[String], n: usize) -> Result<(), String> {
    let known = known_tests(n);
    if names.is_empty() {
        return Err(format!("the list of tests is empty (known tests: {})", known.join(", ")));
    }
    for name in names {
        if !known.contains(name) {
            return Err(format!("unknown test '{name}' (known tests: {})", known.join(", ")));
        }
    }
    Ok(())
}

/// Evaluates the battery and keeps the named tests (all of them when `names` is `None`). A battery that holds
/// no deck has nothing to test and gives no result.
pub fn evaluate_selected(battery: &Battery, names: Option<&[String]>) -> Result<Vec<TestResult>, String> {
    if let Some(names) = names {
        check_names(names, battery.n)?;
    }
    if battery.shuffles() == 0 {
        return Ok(Vec::new());
    }
    let all = battery.evaluate();
    Ok(match names {
        None => all,
        Some(names) => all.into_iter().filter(|t| names.contains(&t.test)).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selection_keeps_the_named_tests_in_report_order() {
        let mut b = Battery::new(3);
        b.add(&[2, 0, 1]);
        b.add(&[0, 1, 2]);
        let names = vec!["card-worst".to_string(), "position-card".to_string()];
        let got: Vec<String> = evaluate_selected(&b, Some(&names)).unwrap().into_iter().map(|t| t.test).collect();
        assert_eq!(got, ["position-card", "card-worst"]);
        // Two decks of 3 cards: every test that applies to 3 cards except full-permutation (it needs 10·3! decks).
        assert_eq!(evaluate_selected(&b, None).unwrap().len(), known_tests(3).len() - 1);
        let e = evaluate_selected(&b, Some(&["position-crad".to_string()])).unwrap_err();
        assert!(e.starts_with("unknown test 'position-crad' (known tests: position-card"), "{e}");
        assert!(evaluate_selected(&Battery::new(3), None).unwrap().is_empty());
    }
}
