// What both need is the parent's: allowed.
pub fn thing() {
    super::shared();
}
