//! `sqlx::migrate!` embeds the migrations at compile time; without this, a
//! new migration is not picked up until something else in the crate changes
//! (what `sqlx migrate build-script` writes).
fn main() {
    println!("cargo:rerun-if-changed=../migrations");
}
