//! The docs tell the truth about the code where a test can check it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

const CRATES: [&str; 7] = [
    "domain",
    "event_store",
    "commands",
    "projections",
    "api",
    "bench",
    "recruit",
];

fn repo_file(path: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    std::fs::read_to_string(root.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn every_dependency_arrow_in_the_architecture_doc_matches_the_crate_manifests() {
    let doc = repo_file("docs/ARCHITECTURE.md");
    let documented: BTreeMap<String, BTreeSet<String>> = doc
        .lines()
        .filter_map(|line| line.split_once(" -> "))
        .filter(|(from, _)| CRATES.contains(&from.trim()))
        .map(|(from, to)| {
            (
                from.trim().to_owned(),
                to.split(',').map(|c| c.trim().to_owned()).collect(),
            )
        })
        .collect();
    let manifests: BTreeMap<String, BTreeSet<String>> = CRATES
        .iter()
        .filter_map(|name| {
            let deps: BTreeSet<String> = repo_file(&format!("{name}/Cargo.toml"))
                .lines()
                .filter_map(|l| l.strip_suffix(".workspace = true"))
                .filter(|dep| CRATES.contains(dep))
                .map(str::to_owned)
                .collect();
            (!deps.is_empty()).then(|| (name.to_string(), deps))
        })
        .collect();
    assert!(!documented.is_empty(), "the doc lists no arrows");
    assert_eq!(documented, manifests);
}
