//! `POST /api/book`: the book `sudoku book` makes with the same options, as
//! a PDF, its index as CSV, or its pages as SVG previews.

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use sudoku_commands::book::sections::{make_section_book, Checks, Section, SECTION_CSV_COLUMNS};
use sudoku_commands::book::{
    book_csv, easiest_first, generate_book_csv_header, print_item, BookColumns, BookRequest, BOOK_COLUMNS,
    BOOK_SEED, BOOK_SIZE,
};
use sudoku_commands::format::Format;
use sudoku_commands::generate::{GenerateRequest, GenerateRow};
use sudoku_gen::Symmetry;
use sudoku_grade::Band;
use sudoku_print::variant::{check_variant_book, render_variant_pdf, render_variant_svg, variant_index};
use sudoku_print::{PerPage, PrintItem, PrintOptions, Trim};

use super::generate::make_set;
use super::{choice, JsonBody};
use crate::error::ApiError;
use crate::limits::Stop;
use crate::App;

/// The most puzzles in one book made by the server.
const MAX_PUZZLES: u64 = 200;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BookBody {
    /// `[["easy", 4], ["medium", 8]]`.
    sections: Option<Vec<(String, u64)>>,
    number: Option<u64>,
    band: Option<String>,
    seed: Option<u64>,
    symmetry: Option<String>,
    trim: Option<String>,
    title: Option<String>,
    subtitle: Option<String>,
    copyright: Option<String>,
    footer: Option<String>,
    #[serde(default)]
    large_print: bool,
    answers: Option<bool>,
    #[serde(default)]
    bleed: bool,
    #[serde(default)]
    format: BookFormat,
}

#[derive(Deserialize, Default, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
enum BookFormat {
    #[default]
    Pdf,
    Csv,
    Svg,
}

/// The handler.
pub async fn book(State(app): State<App>, JsonBody(body): JsonBody<BookBody>) -> Result<Response, ApiError> {
    // A section with a variant (`["killer:easy", 6]`) makes a book of
    // variant sections, as `sudoku book --sections killer:easy:6,...`.
    if body.sections.iter().flatten().any(|(spec, _)| spec.contains(':')) {
        return variant_book(&app, &body).await;
    }
    let request = book_request(&body)?;
    let opts = print_options(&body, &request)?;
    let made = make_set(&app, request.clone(), Format::Pdf, app.limits.time_budget).await?;
    let format = body.format;
    app.work
        .light(move || {
            let seed = request.seed;
            let items: Vec<PrintItem> = (0..).zip(&made).map(|(i, m)| print_item(&request, i, m)).collect();
            // Each section from the easiest puzzle to the hardest, as `sudoku
            // book` prints it; the CSV is in the same order.
            let keys: Vec<(Option<String>, Option<f64>)> = items
                .iter()
                .zip(&made)
                .map(|(item, m)| (item.meta.section.clone(), m.grade.as_ref().map(|g| g.rating)))
                .collect();
            let order = easiest_first(&keys);
            let items: Vec<PrintItem> = order.iter().map(|&i| items[i].clone()).collect();
            Ok(match format {
                BookFormat::Pdf => {
                    ([(header::CONTENT_TYPE, "application/pdf")], sudoku_print::render_pdf(&items, &opts))
                        .into_response()
                }
                BookFormat::Svg => {
                    let pages = sudoku_print::render_svg(&items, &opts);
                    Json(serde_json::json!({ "n_pages": pages.len(), "pages": pages })).into_response()
                }
                BookFormat::Csv => {
                    let index = sudoku_print::index(&items, &opts);
                    let rows: Vec<GenerateRow<String>> =
                        order.iter().map(|&i| GenerateRow::csv(seed, i as u64, &made[i])).collect();
                    let columns = index
                        .placements
                        .iter()
                        .map(|p| BookColumns::new(p.number, &p.section, p.page, p.answer_page));
                    let csv =
                        book_csv(columns, &rows, &generate_book_csv_header()).map_err(ApiError::internal)?;
                    ([(header::CONTENT_TYPE, "text/csv; charset=utf-8")], csv).into_response()
                }
            })
        })
        .await
}

/// A book of variant sections (`sections` as `[["killer:easy", 6],
/// ["x:medium", 4], ["easy", 2]]`: `[VARIANT:]BAND` and a count), made as
/// `sudoku book --sections` makes it (the same puzzles for the same seed),
/// within the time budget, as a PDF, its CSV index or SVG previews.
async fn variant_book(app: &App, body: &BookBody) -> Result<Response, ApiError> {
    if body.symmetry.is_some() || body.band.is_some() || body.number.is_some() {
        return Err(ApiError::bad_request(
            "a book with variant sections takes its bands and counts from `sections` and has no symmetry",
        ));
    }
    let sections: Vec<Section> = body
        .sections
        .iter()
        .flatten()
        .map(|(spec, n)| {
            format!("{spec}:{n}")
                .parse::<Section>()
                .map_err(|e| ApiError::bad_request(format!("sections: {e}")))
        })
        .collect::<Result<_, _>>()?;
    let total: u64 = sections.iter().map(|s| s.count).sum();
    if !(1..=MAX_PUZZLES).contains(&total) {
        return Err(ApiError::bad_request(format!("a book made here has 1 to {MAX_PUZZLES} puzzles")));
    }
    let seed = body.seed.unwrap_or(BOOK_SEED);
    let listed: Vec<String> = sections.iter().map(ToString::to_string).collect();
    let provenance = format!("Puzzles made with sudoku: seed {seed}, sections {}", listed.join(","));
    let opts = page_options(body, provenance)?;
    let budget = app.limits.time_budget;
    let stop = Stop::after(budget);
    let flag = stop.flag();
    let format = body.format;
    let made = app
        .work
        .heavy(move || Ok(make_section_book(seed, &sections, Checks::default(), &flag, |_| {})))
        .await?;
    let book = match made {
        Ok(book) => book,
        Err(_) if stop.is_set() => {
            return Err(ApiError::unprocessable(format!(
                "stopped: the time budget of {} s was spent before every section was made; ask for fewer \
                 puzzles or easier bands",
                budget.as_secs()
            )))
        }
        Err((section, e)) => return Err(ApiError::unprocessable(format!("section {section}: {e}"))),
    };
    check_variant_book(&book.sections, &opts).map_err(|e| ApiError::unprocessable(e.to_string()))?;
    app.work
        .light(move || {
            Ok(match format {
                BookFormat::Pdf => {
                    ([(header::CONTENT_TYPE, "application/pdf")], render_variant_pdf(&book.sections, &opts))
                        .into_response()
                }
                BookFormat::Svg => {
                    let pages = render_variant_svg(&book.sections, &opts);
                    Json(serde_json::json!({ "n_pages": pages.len(), "pages": pages })).into_response()
                }
                BookFormat::Csv => {
                    let index = variant_index(&book.sections, &opts);
                    let columns = index
                        .placements
                        .iter()
                        .map(|p| BookColumns::new(p.number, &p.section, p.page, p.answer_page));
                    let header = format!("{},{}\n", BOOK_COLUMNS.join(","), SECTION_CSV_COLUMNS.join(","));
                    let csv = book_csv(columns, &book.rows, &header).map_err(ApiError::internal)?;
                    ([(header::CONTENT_TYPE, "text/csv; charset=utf-8")], csv).into_response()
                }
            })
        })
        .await
}

/// The set of the book: `sudoku book`'s, from the same options.
fn book_request(body: &BookBody) -> Result<GenerateRequest, ApiError> {
    let sections = match &body.sections {
        Some(list) => list
            .iter()
            .map(|(band, n)| Ok((choice::<Band>("sections", band)?, *n)))
            .collect::<Result<Vec<_>, ApiError>>()?,
        None => Vec::new(),
    };
    let book = BookRequest {
        number: body.number.unwrap_or(BOOK_SIZE),
        seed: body.seed.unwrap_or(BOOK_SEED),
        difficulty: match &body.band {
            Some(name) => choice::<Band>("band", name)?,
            None => sudoku_commands::book::BOOK_BAND,
        },
        sections,
        pattern: None,
        technique: None,
        symmetry: match &body.symmetry {
            Some(name) => choice::<Symmetry>("symmetry", name)?,
            None => Symmetry::None,
        },
        no_trial: false,
        max_spike: None,
    };
    let request = book.set().map_err(|e| ApiError::bad_request(e.to_string()))?;
    match request.n_puzzles() {
        Some(1..=MAX_PUZZLES) => Ok(request),
        _ => Err(ApiError::bad_request(format!("a book made here has 1 to {MAX_PUZZLES} puzzles"))),
    }
}

/// The book's page options, as `sudoku book`'s flags give them.
fn print_options(body: &BookBody, request: &GenerateRequest) -> Result<PrintOptions, ApiError> {
    page_options(body, request.provenance())
}

/// The page options of `body`, with the provenance line `provenance`.
fn page_options(body: &BookBody, provenance: String) -> Result<PrintOptions, ApiError> {
    let trim = match &body.trim {
        Some(text) => text.parse::<Trim>().map_err(|e| ApiError::bad_request(format!("trim: {e}")))?,
        None => Trim::default(),
    };
    let opts = PrintOptions {
        trim,
        bleed: body.bleed,
        per_page: if body.large_print { PerPage::One } else { PerPage::default_for(trim) },
        large_print: body.large_print,
        title: body.title.clone().unwrap_or_else(|| sudoku_print::DEFAULT_TITLE.to_string()),
        subtitle: body.subtitle.clone(),
        copyright: body.copyright.clone(),
        footer: body.footer.clone(),
        answers: body.answers.unwrap_or(true),
        provenance: Some(provenance),
        ..PrintOptions::default()
    };
    opts.check().map_err(|e| ApiError::unprocessable(e.to_string()))?;
    Ok(opts)
}
