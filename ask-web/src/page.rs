//! The page and the view JSON, built once per view change (a revision of the live form,
//! or its language) and shared by every request until the next change; the page is also
//! kept gzip-compressed for browsers that accept it.

use std::io::Write;
use std::sync::{Arc, Mutex, OnceLock};

use axum::body::Bytes;

use crate::server::App;
use crate::{api, assets};

/// One build: the view JSON and the page of one revision.
pub(crate) struct Built {
    revision: u64,
    locale: ask_host::i18n::Locale,
    /// The view model as JSON.
    pub(crate) view: Arc<str>,
    page: OnceLock<Bytes>,
    gzip: OnceLock<Bytes>,
}

impl Built {
    /// The page, built on first use.
    pub(crate) fn page(&self) -> Bytes {
        self.page
            .get_or_init(|| Bytes::from(assets::page(&self.view, self.locale).into_bytes()))
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
            page: OnceLock::new(),
            gzip: OnceLock::new(),
        });
        *cached = Some(Arc::clone(&built));
        built
    }
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
