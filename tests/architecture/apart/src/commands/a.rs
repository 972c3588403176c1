// One command using another, one way: no circle, but commands are apart.
use super::b::thing;

pub fn run() {
    thing();
    super::shared();
}
