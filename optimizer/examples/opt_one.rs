//! Optimises one file to /tmp (development helper).
fn main() -> anyhow::Result<()> {
    let path = std::env::args().nth(1).expect("path");
    let out = std::env::args().nth(2).expect("out");
    let words = optimizer::words_from_bytes(&std::fs::read(&path)?)?;
    let (o, report) = optimizer::optimize(&words, &optimizer::Options::default())?;
    std::fs::write(out, optimizer::bytes_from_words(&o))?;
    print!("{report}");
    Ok(())
}
