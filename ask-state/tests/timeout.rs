//! The idle timeout with a fake host clock: countdown, reset on every key, expiry as a
//! cancelled `timedOut` result that keeps answers and notes and never picks for the user.

use ask_keymap::Keymap;
use ask_keymap::behaviour::Behaviour;
use ask_state::{Flow, FlowOptions};
use serde_json::json;

use crate::support::{answers, drive, flow, form, two};

fn timed(ms: u64) -> Flow {
    Flow::new(
        two(),
        Behaviour::default(),
        Keymap::default(),
        FlowOptions::default().idle_timeout_ms(ms),
    )
}

#[test]
fn countdown_shows_in_the_last_minute_and_any_key_restarts_the_clock() {
    let mut f = timed(90_000);
    assert_eq!(f.idle_timeout_ms(), Some(90_000));
    drive(&mut f, "clock:29000");
    assert_eq!(f.countdown_seconds(), None, "61 s left: no countdown yet");
    drive(&mut f, "clock:30000");
    assert_eq!(f.countdown_seconds(), Some(60));
    drive(&mut f, "clock:47600");
    assert_eq!(f.countdown_seconds(), Some(43), "rounded up");
    // An unbound key still counts as presence.
    drive(&mut f, "f12 clock:48000");
    assert_eq!(f.countdown_seconds(), None);
    assert_eq!(f.idle_remaining_ms(), Some(89_600));
    let (result, _) = drive(&mut f, "clock:137000");
    assert!(result.is_none(), "1 s left");
    let (result, _) = drive(&mut f, "clock:138000");
    assert!(result.expect("timed out").details.timed_out);
    assert!(f.is_done());
}

#[test]
fn expiry_keeps_answers_and_notes_and_chooses_nothing() {
    let recommended = form(&json!({"questions": [
        {"id": "q1", "label": "Style", "prompt": "Which style?", "options": [
            {"value": "a", "label": "Alpha"}, {"value": "b", "label": "Beta"}]},
        {"id": "q2", "label": "Size", "prompt": "Which size?", "options": [
            {"value": "s", "label": "Small"}, {"value": "l", "label": "Large", "recommended": true}]},
        {"id": "q3", "label": "Name", "prompt": "Which name?", "options": [
            {"value": "x", "label": "X"}]}
    ]}));
    let mut f = Flow::new(
        recommended,
        Behaviour::default(),
        Keymap::default(),
        FlowOptions::default().idle_timeout_ms(5_000),
    );
    // Q1 answered, Q2 only highlighted (cursor on the recommended option), Q3 a note only.
    let (result, _) = drive(
        &mut f,
        "2 clock:1000 down tab shift+n \"later\" enter clock:5999",
    );
    assert!(result.is_none());
    let (result, _) = drive(&mut f, "clock:6500");
    let result = result.expect("timed out");
    assert!(result.details.cancelled && result.details.timed_out);
    let got = answers(&result);
    assert_eq!(got["q1"]["values"], json!(["b"]));
    assert!(
        got.get("q2").is_none(),
        "the highlighted recommended option of q2 is not chosen: {got}"
    );
    assert_eq!(got["q3"]["note"], json!("later"));
    let text = result.text();
    assert!(text.contains("did not answer in time"), "{text}");
    assert!(text.contains("Style: Beta"), "{text}");
    assert!(text.contains("Name note: later"), "{text}");
    let json = serde_json::to_value(&result).expect("serializes");
    assert_eq!(json["details"]["timedOut"], json!(true));
}

#[test]
fn off_by_default_from_the_setting_and_overridable() {
    let mut f = flow(two(), Behaviour::default());
    assert_eq!(f.idle_timeout_ms(), None);
    let (result, _) = drive(&mut f, "clock:999999999");
    assert!(result.is_none(), "no timeout unless asked for");

    let setting = Behaviour::default().with_idle_timeout_seconds(120);
    assert_eq!(flow(two(), setting).idle_timeout_ms(), Some(120_000));
    let off = Flow::new(
        two(),
        setting,
        Keymap::default(),
        FlowOptions::default().idle_timeout_ms(0),
    );
    assert_eq!(
        off.idle_timeout_ms(),
        None,
        "--timeout 0 turns the setting off"
    );
    let settings_only = Flow::new(
        two(),
        setting,
        Keymap::default(),
        FlowOptions::default().settings_only(true),
    );
    assert_eq!(settings_only.idle_timeout_ms(), None);
}

/// A host that sleeps exactly [`Flow::clock_change_in_ms`] between clock readings sees
/// every change: the countdown's start, each of its seconds and the end, and nothing else
/// (a 90 s timeout costs 1 + 60 wake-ups, not one every 250 ms).
#[test]
fn sleeping_until_the_next_clock_change_misses_nothing() {
    let mut f = timed(90_000);
    let mut now = 0;
    let mut wakes = 0;
    let mut shown = Vec::new();
    assert_eq!(
        f.clock_change_in_ms(),
        Some(30_000),
        "the countdown starts at 30 s"
    );
    while let Some(wait) = f.clock_change_in_ms() {
        assert!(wait > 0, "a zero wait would spin");
        // Any reading before the change changes nothing.
        let mut early = f.clone();
        drive(&mut early, &format!("clock:{}", now + wait - 1));
        assert_eq!(
            early.countdown_seconds(),
            f.countdown_seconds(),
            "at {now}+{wait}-1"
        );
        assert!(!early.is_done());
        now += wait;
        wakes += 1;
        let (result, _) = drive(&mut f, &format!("clock:{now}"));
        shown.push(f.countdown_seconds());
        if result.is_some() {
            break;
        }
    }
    assert!(f.is_done());
    assert_eq!(now, 90_000);
    assert_eq!(wakes, 61);
    let seconds: Vec<u64> = shown.into_iter().flatten().collect();
    assert_eq!(seconds, (1..=60).rev().collect::<Vec<_>>());
    assert_eq!(
        f.clock_change_in_ms(),
        None,
        "done: nothing left to wait for"
    );
    // After a key the wait starts over from the full timeout.
    let mut g = timed(90_000);
    drive(&mut g, "clock:40000 f12 clock:40500");
    assert_eq!(g.clock_change_in_ms(), Some(29_500));
    assert_eq!(
        timed(0).clock_change_in_ms(),
        None,
        "no timeout, no wake-up"
    );
}
