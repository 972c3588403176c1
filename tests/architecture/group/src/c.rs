pub struct C1;
pub struct C2;
