//! Type-to-filter frames: the filter line, filtered rows with their declared numbers,
//! matched characters as `match` spans, the empty result and the footer while filtering.

use ask_render::Role;
use serde_json::{Value, json};

use crate::support::{db_form, flow, frame_at, long_list_form, press, snapshot};

const WIDTHS: [usize; 3] = [40, 80, 120];

fn snap_all(name: &str, payload: &Value, keys: &[&str], height: usize) {
    let mut f = flow(payload);
    press(&mut f, keys);
    for width in WIDTHS {
        let frame = frame_at(&f, width, height);
        insta::assert_snapshot!(format!("{name}_{width}"), snapshot(&frame, width));
    }
}

/// Regions with descriptions, for matches in both fields.
fn regions() -> Value {
    let names = [
        ("eu-west", "Ireland"),
        ("eu-central", "Frankfurt"),
        ("us-east", "North Virginia"),
        ("us-west", "Oregon"),
        ("ap-south", "Mumbai"),
        ("ap-northeast", "Tokyo"),
        ("sa-east", "São Paulo"),
        ("ca-central", "Montréal"),
        ("me-south", "Bahrain"),
        ("af-south", "Cape Town"),
        ("eu-north", "Stockholm"),
        ("us-gov-west", "GovCloud (US-West)"),
    ];
    let options: Vec<Value> = names
        .iter()
        .map(|(v, d)| json!({"value": v, "label": v, "description": d}))
        .collect();
    json!({"questions": [{"id": "region", "label": "Region", "prompt": "Where should it run?", "options": options}]})
}

#[test]
fn filter_line_open_and_empty() {
    snap_all("open", &regions(), &["/"], 24);
}

#[test]
fn filtered_rows_keep_their_numbers_and_highlight_matches() {
    snap_all("west", &regions(), &["/", "text:west"], 24);
}

#[test]
fn description_matches_highlight_in_the_description() {
    snap_all("description", &regions(), &["/", "text:tokyo"], 24);
}

#[test]
fn nothing_matches() {
    snap_all("empty", &regions(), &["/", "text:zzz"], 24);
}

#[test]
fn a_long_list_filtered_and_windowed() {
    // Every label matches `nu` equally well: declared order, windowed with markers.
    snap_all(
        "long_list",
        &long_list_form(),
        &[
            "/", "text:nu", "down", "down", "down", "down", "down", "down", "down",
        ],
        16,
    );
}

#[test]
fn preview_follows_the_highlighted_option() {
    snap_all("preview", &db_form(), &["tab", "tab", "/", "text:nest"], 30);
}

#[test]
fn matched_characters_are_match_spans() {
    let mut f = flow(&regions());
    press(&mut f, &["/", "text:tky"]);
    let frame = frame_at(&f, 80, 24);
    let matched: Vec<String> = frame
        .lines
        .iter()
        .flat_map(|l| l.spans.iter())
        .filter(|s| s.style.role == Role::Match)
        .map(|s| s.text.clone())
        .collect();
    assert_eq!(matched, ["T", "ky"]);
    let text = frame.to_plain_text();
    assert!(text.contains("/ tky   (1 of 12)"), "{text}");
    assert!(text.contains("❯  6. ap-northeast"), "{text}");
}
