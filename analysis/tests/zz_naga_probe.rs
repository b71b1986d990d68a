#[test]
fn probe() {
    let cases = std::fs::read_to_string("/tmp/nexp/cases.txt").unwrap();
    for case in cases.split("\n----\n") {
        let src = case.replace("\\n", "\n");
        match naga::front::wgsl::parse_str(&src) {
            Err(e) => println!(
                "{src:?}\n  PARSE {:?} labels {:?}",
                e.message(),
                e.labels()
                    .map(|(s, l)| (s.to_range(), l.to_string()))
                    .collect::<Vec<_>>()
            ),
            Ok(m) => {
                let mut v = naga::valid::Validator::new(
                    naga::valid::ValidationFlags::all(),
                    naga::valid::Capabilities::default(),
                );
                match v.validate(&m) {
                    Ok(_) => println!("{src:?}\n  OK"),
                    Err(e) => println!(
                        "{src:?}\n  VALID {:?} spans {:?}",
                        e.as_inner(),
                        e.spans()
                            .map(|(s, l)| (s.to_range(), l.clone()))
                            .collect::<Vec<_>>()
                    ),
                }
            }
        }
    }
}
