pub struct Why;

pub fn make() -> super::Zed {
    super::Zed
}
