pub mod collide;
