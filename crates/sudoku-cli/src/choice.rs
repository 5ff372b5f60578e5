//! The one clap adapter for every library enum taken as a choice: a
//! [`ChoiceParser`] lists a table of (value, name, help)
//! ([`sudoku_commands::choice::Named`]) as clap's possible values, so
//! `--help`, completions and the man page show each name with its help,
//! and parses a name (any case with `ignore_case`) into the library value.
//! No command-line copy of a library enum is needed.

use std::ffi::OsStr;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use sudoku_commands::choice::{by_name, Choice, Named};
use sudoku_commands::Format;

/// The parser of `--size` in every command: a side the toolkit handles
/// (`sudoku_variant::check_size`), with its message.
pub fn size() -> impl TypedValueParser<Value = usize> {
    |text: &str| -> Result<usize, String> {
        let n: usize = text.trim().parse().map_err(|_| format!("{text:?} is not a number"))?;
        sudoku_variant::check_size(n).map_err(|e| e.to_string())
    }
}

/// The parser of `--variant` in every command: a variant list
/// (`killer,x`, `jigsaw`; `sudoku_variant::VariantList::parse`), with its
/// message. What a command cannot do with a parsed list (killer cages from
/// a line of givens) is that command's error.
pub fn variant_list() -> impl TypedValueParser<Value = sudoku_variant::VariantList> {
    |text: &str| sudoku_variant::VariantList::parse(text).map_err(|e| e.to_string())
}

/// The long help of a `--variant` flag: `lead`, then every name a list
/// takes, read from the model (so a rule added there shows here), then
/// `tail`.
pub fn variant_help(lead: &str, tail: &str) -> String {
    format!("{lead} {}. {tail}", sudoku_variant::VariantList::names().join(", "))
}

/// Parses a name of `table` into its value.
#[derive(Clone)]
pub struct ChoiceParser<T: 'static> {
    table: &'static [Named<T>],
}

/// The parser of a library enum's names.
pub fn choice<T: Choice>() -> ChoiceParser<T> {
    ChoiceParser { table: T::CHOICES }
}

/// The parser of a command's formats, `table` being the ones it writes.
pub fn formats(table: &'static [Named<Format>]) -> ChoiceParser<Format> {
    ChoiceParser { table }
}

impl<T: Copy + Send + Sync + 'static> ChoiceParser<T> {
    /// The parser of `table`'s names: for a library enum whose names belong
    /// to one command (`print --per-page`).
    pub const fn new(table: &'static [Named<T>]) -> ChoiceParser<T> {
        ChoiceParser { table }
    }

    fn possible(&self) -> impl Iterator<Item = PossibleValue> + '_ {
        self.table.iter().map(|&(_, name, help)| PossibleValue::new(name).help(help))
    }
}

impl<T: Copy + Send + Sync + 'static> TypedValueParser for ChoiceParser<T> {
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<T, clap::Error> {
        // clap's own parser of possible values: the same errors, the same
        // case rule (the argument's `ignore_case`).
        let name = PossibleValuesParser::new(self.possible()).parse_ref(cmd, arg, value)?;
        by_name(self.table, &name)
            .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::InvalidValue).with_cmd(cmd))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(self.possible()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_grade::Band;

    #[test]
    fn a_name_in_any_case_parses_and_others_are_refused_with_the_list() {
        let cmd = clap::Command::new("t")
            .arg(clap::Arg::new("band").long("band").value_parser(choice::<Band>()).ignore_case(true));
        let m = cmd.clone().try_get_matches_from(["t", "--band", "HARD"]).unwrap();
        assert_eq!(m.get_one::<Band>("band"), Some(&Band::Hard));
        let err = cmd.try_get_matches_from(["t", "--band", "tough"]).unwrap_err().to_string();
        assert!(err.contains("[possible values: easy, medium, hard, expert, extreme]"), "{err}");
    }
}
