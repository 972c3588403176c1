//! The unit tests may use any layer: a test module, a test-only helper module and a test-only `use`.

pub fn f() {}

#[cfg(test)]
mod tests {
    use crate::high::H;

    #[test]
    fn uses_the_top() {
        let _ = H;
        let _ = crate::high::g;
    }
}

#[cfg(test)]
mod testing;

#[cfg(test)]
use crate::high::g;

/// Code after the test module still counts, and uses nothing above.
pub fn after() {
    f();
}
