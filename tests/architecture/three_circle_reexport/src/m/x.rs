use super::y::Why;

pub struct Ex(pub Why);
