//! The page and the view JSON, built once per view change (a revision of the live form,
//! or its language) and shared by every request until the next change; the page is also
//! kept gzip-compressed for browsers that accept it. The view inside the page leaves out
//! the text of large previews, which the first paint never shows (see [`inline_view`]).

use std::io::Write;
use std::sync::{Arc, Mutex, OnceLock};

use ask_host::view::ViewModel;
use axum::body::Bytes;
use serde_json::Value;

use crate::server::App;
use crate::{api, assets};

/// One build: the view JSON and the page of one revision.
pub(crate) struct Built {
    revision: u64,
    locale: ask_host::i18n::Locale,
    /// The view model as JSON.
    pub(crate) view: Arc<str>,
    /// The view model itself, for the page's own copy.
    model: Arc<ViewModel>,
    page: OnceLock<Bytes>,
    gzip: OnceLock<Bytes>,
}

impl Built {
    /// The page, built on first use.
    pub(crate) fn page(&self) -> Bytes {
        self.page
            .get_or_init(|| {
                let view = inline_view(&self.model).unwrap_or_else(|| self.view.to_string());
                Bytes::from(assets::page(&view, self.locale).into_bytes())
            })
            .clone()
    }

    /// The page gzip-compressed (fast level: the page is mostly the script and the
    /// view's repeated keys, which compress well even so), built on first use.
    pub(crate) fn page_gzip(&self) -> Bytes {
        self.gzip
            .get_or_init(|| {
                let page = self.page();
                let mut encoder = flate2::write::GzEncoder::new(
                    Vec::with_capacity(page.len() / 6),
                    flate2::Compression::fast(),
                );
                // Writing into a Vec cannot fail.
                let _ = encoder.write_all(&page);
                Bytes::from(encoder.finish().unwrap_or_default())
            })
            .clone()
    }
}

/// The latest build.
#[derive(Default)]
pub(crate) struct Cache(Mutex<Option<Arc<Built>>>);

impl Cache {
    /// The build for the live form now: the cached one while the revision and language
    /// are the same, else a new one.
    pub(crate) fn now(&self, app: &App) -> Arc<Built> {
        let live = app.controller.live();
        let mut cached = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(built) = cached.as_ref()
            && built.revision == live.revision
            && built.locale == live.locale
        {
            return Arc::clone(built);
        }
        let built = Arc::new(Built {
            revision: live.revision,
            locale: live.locale,
            view: api::view_json_of(&live).into(),
            model: Arc::clone(&live.view),
            page: OnceLock::new(),
            gzip: OnceLock::new(),
        });
        *cached = Some(Arc::clone(&built));
        built
    }
}

/// Previews of more text than this in all (in bytes) stay out of the page's view.
const INLINE_PREVIEWS_MAX: usize = 64 * 1024;

/// The view as the page carries it, when its previews hold more than
/// [`INLINE_PREVIEWS_MAX`] bytes of text: each preview's text replaced by `true` (the
/// option has one) and `"previewsLater": true`. A preview shows only once its option is
/// chosen, and the event stream the page opens next starts with the whole view, so the
/// first paint of a form of many previews reads a page a fraction of the size (a 30x40
/// form with 12-line previews: 1.38 MB -> 0.26 MB). `None`: the view as it is.
fn inline_view(view: &ViewModel) -> Option<String> {
    let size: usize = view
        .questions
        .iter()
        .flat_map(|q| &q.options)
        .filter_map(|o| o.preview.as_ref())
        .map(String::len)
        .sum();
    if size <= INLINE_PREVIEWS_MAX {
        return None;
    }
    let mut value = serde_json::to_value(view).ok()?;
    let questions = value.get_mut("questions")?.as_array_mut()?;
    for option in questions
        .iter_mut()
        .filter_map(|q| q.get_mut("options")?.as_array_mut())
        .flatten()
    {
        if let Some(preview) = option.get_mut("preview") {
            *preview = Value::Bool(true);
        }
    }
    value
        .as_object_mut()?
        .insert("previewsLater".to_owned(), Value::Bool(true));
    Some(value.to_string())
}

/// True when the request's `Accept-Encoding` allows gzip (not with `q=0`).
pub(crate) fn accepts_gzip(headers: &axum::http::HeaderMap) -> bool {
    headers
        .get_all(axum::http::header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|part| {
            let mut bits = part.split(';').map(str::trim);
            let name = bits.next().unwrap_or("");
            let refused = bits.any(|b| {
                b.strip_prefix("q=")
                    .and_then(|q| q.parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            (name.eq_ignore_ascii_case("gzip") || name == "*") && !refused
        })
}

#[cfg(test)]
mod tests {
    use ask_contract::{ParseOptions, parse_params};
    use ask_host::{Session, settings::Settings};
    use ask_settings::AskConfig;
    use serde_json::{Value, json};

    use super::inline_view;

    /// The view of a form of `n` options, each with a preview of `size` bytes.
    fn view(n: usize, size: usize) -> ask_host::view::ViewModel {
        let options: Vec<Value> = (0..n)
            .map(|j| json!({"value": format!("o{j}"), "label": format!("O{j}"), "preview": "x".repeat(size)}))
            .collect();
        let payload = json!({"questions": [
            {"id": "a", "prompt": "Which?", "type": "preview", "options": options},
            {"id": "b", "prompt": "And?", "options": [{"value": "y", "label": "Y"}, {"value": "z", "label": "Z"}]}]});
        let form = parse_params(&payload, ParseOptions::default()).expect("a valid payload");
        Session::new(form, Settings::in_memory(AskConfig::default())).view()
    }

    #[test]
    fn a_view_of_small_previews_goes_into_the_page_as_it_is() {
        assert_eq!(inline_view(&view(16, 4096)), None);
    }

    #[test]
    fn large_previews_stay_out_of_the_page_marked_by_true_and_the_rest_is_the_view() {
        let model = view(20, 4096);
        let inline: Value =
            serde_json::from_str(&inline_view(&model).expect("left out")).expect("JSON");
        let mut whole = serde_json::to_value(&model).expect("JSON");
        assert_eq!(inline["previewsLater"], json!(true));
        assert_eq!(
            inline["questions"][0]["options"][19]["preview"],
            json!(true)
        );
        assert!(
            inline["questions"][1]["options"][0]
                .get("preview")
                .is_none()
        );
        // Nothing else differs.
        for option in whole["questions"][0]["options"]
            .as_array_mut()
            .expect("options")
        {
            option["preview"] = json!(true);
        }
        whole["previewsLater"] = json!(true);
        assert_eq!(inline, whole);
    }
}
