pub struct H;
