pub mod m;
