//! The page: its files embedded in the binary at build time, so the
//! server needs no files of its machine and works offline.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::error::ApiError;
use crate::App;

const INDEX_HTML: &str = include_str!("../assets/index.html");
const STYLE_CSS: &str = include_str!("../assets/style.css");

/// The page's scripts, in the order `index.html` loads them (one global
/// scope: helpers and the board first, the start last).
pub const SCRIPTS: [(&str, &str); 7] = [
    ("/app.js", include_str!("../assets/app.js")),
    ("/model.js", include_str!("../assets/model.js")),
    ("/board.js", include_str!("../assets/board.js")),
    ("/play.js", include_str!("../assets/play.js")),
    ("/grade.js", include_str!("../assets/grade.js")),
    ("/book.js", include_str!("../assets/book.js")),
    ("/main.js", include_str!("../assets/main.js")),
];

/// `/shape.js`, loaded before the page's scripts: the classic grid's
/// houses from the model (`const SHAPE = {...}`, a
/// [`sudoku_commands::shape::ShapeJson`]), from which the page derives each
/// cell's peers instead of computing rows, columns and boxes itself.
pub fn shape_js() -> &'static str {
    static SHAPE_JS: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    SHAPE_JS.get_or_init(|| {
        let classic = sudoku_variant::Puzzle::blank(9).expect("9x9 has boxes");
        let shape = serde_json::to_string(&sudoku_commands::shape::ShapeJson::of(&classic))
            .expect("a shape serializes");
        format!("// The classic grid's houses, from the toolkit's model.\nconst SHAPE = {shape};\n")
    })
}

/// The page's routes: `/`, its scripts (`/shape.js`, then [`SCRIPTS`]),
/// `/style.css`; any other path is a JSON 404.
pub fn routes() -> Router<App> {
    let mut router = Router::new()
        .route("/", get(|| async { asset(INDEX_HTML, "text/html; charset=utf-8") }))
        .route("/shape.js", get(|| async { asset(shape_js(), "text/javascript; charset=utf-8") }))
        .route("/index.html", get(|| async { asset(INDEX_HTML, "text/html; charset=utf-8") }))
        .route("/style.css", get(|| async { asset(STYLE_CSS, "text/css; charset=utf-8") }));
    for (path, body) in SCRIPTS {
        router =
            router.route(path, get(move || async move { asset(body, "text/javascript; charset=utf-8") }));
    }
    router.route("/api/health", get(|| async { axum::Json(serde_json::json!({ "status": "ok" })) }))
}

fn asset(body: &'static str, content_type: &'static str) -> Response {
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    // The page is the binary's: a new binary may change it.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    // No script, style or request leaves this server.
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; object-src 'none'; \
             frame-ancestors 'none'",
        ),
    );
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    response
}

/// A JSON 404 for any path not served.
pub async fn not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "no such page or endpoint (see docs/web-api.md)")
}

/// A JSON 405 for a path served with another method.
pub async fn wrong_method() -> ApiError {
    ApiError::new(StatusCode::METHOD_NOT_ALLOWED, "wrong method: the API takes POST, the page GET")
}
