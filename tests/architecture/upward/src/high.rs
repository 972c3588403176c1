pub struct Top;
