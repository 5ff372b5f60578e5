//! One position per technique and variant, taken from Sukaku
//! Explainer 1.18.1's own solution path of the puzzle named (serate
//! `--after="%r|%s|%i|%m"` prints each step with the candidates after
//! it; the state here is the one before the step). Each checks SE's
//! difficulty and that SE's eliminations are among ours.

use super::*;
use crate::testing::check;

/// The rule with fresh scratch space, as [`check`] calls it.
fn loops(b: &Board, pos: &Pos, hits: &mut Hits) {
    super::loops(b, pos, &mut LoopScratch::default(), hits);
}

/// The position of [`unique_rectangle_type_1`].
const UR_1: &str = concat!(
    "8 2 4 5 7 6 1 9 3 ",
    "5 6 9 1 24 3 7 24 8 ",
    "1 3 7 48 9 28 24 6 5 ",
    "34 9 5 7 24 28 38 1 6 ",
    "34 8 12 49 6 15 35 7 29 ",
    "6 7 12 89 3 15 58 24 249 ",
    "9 4 3 2 5 7 6 8 1 ",
    "27 5 8 6 1 9 24 3 247 ",
    "27 1 6 3 8 4 9 5 27 ",
);

/// SE: "Unique Rectangle type 1: Cells r8c1,r9c1,r9c9,r8c9 on 2, 7" (4.5), on puzzle 004070100009000700130000065090000010080060070000030000040207080050609030006304900.
#[test]
fn unique_rectangle_type_1() {
    check(loops, UR_1, 45, &["r8c9#2", "r8c9#7"]);
}

/// [`UR_1`] on the grid with `extra`.
fn ur_1_under(extra: crate::units::ExtraHouses) -> Board {
    let mut b = crate::testing::cells_board(UR_1);
    b.units = crate::units::Units::with(extra);
    b
}

/// The easiest unique loop step on `b`.
fn found(b: &Board) -> Option<Tenths> {
    let mut hits = Hits::new(true);
    loops(b, &b.positions(), &mut hits);
    hits.best()
}

/// The type 1 position above under anti-knight: r6c8, a knight's move
/// from r8c9 outside its units, still holds 2, so the rule may tell the
/// rectangle's two fillings apart and it proves nothing (SE refuses it
/// too). Without that 2 the rectangle is back (r8c7 holds 2 as well,
/// but it is in r9c9's box: a unit peer, which the pattern allows).
#[test]
fn a_move_peer_holding_a_digit_of_the_pair_breaks_the_rectangle() {
    let mut b = ur_1_under(ExtraHouses { anti_knight: true, ..Default::default() });
    assert_eq!(found(&b), None);
    b.cands[5 * 9 + 7] = bit(4) | bit(9);
    assert_eq!(found(&b), Some(45));
}

/// The same position under non-consecutive: no cell side by side with
/// the rectangle holds a digit next to 2 or 7, so it stands; once r8c2
/// (next to r8c1) may hold 6 or 8, the rule may tell its two fillings
/// apart and it proves nothing (SE's rule).
#[test]
fn a_neighbour_holding_a_next_digit_breaks_the_rectangle() {
    let mut b = ur_1_under(ExtraHouses { non_consecutive: true, ..Default::default() });
    assert_eq!(found(&b), Some(45));
    let r8c2 = 7 * 9 + 1;
    (b.value[r8c2], b.cands[r8c2]) = (0, bit(6) | bit(8));
    assert_eq!(found(&b), None);
}

/// SE: "Unique Rectangle type 2: Cells r4c4,r5c4,r5c1,r4c1 on 8, 9" (4.5), on puzzle 000607900040050000060400081010032006000010000600740010750004090000080040002509000.
#[test]
fn unique_rectangle_type_2() {
    check(
        loops,
        concat!(
            "1 3 8 6 2 7 9 5 4 ",
            "29 4 79 1 5 8 6 3 27 ",
            "25 6 57 4 9 3 27 8 1 ",
            "589 1 459 89 3 2 45 7 6 ",
            "589 7 34 89 1 6 34 2 59 ",
            "6 2 39 7 4 5 38 1 89 ",
            "7 5 1 3 6 4 28 9 28 ",
            "3 9 6 2 8 1 57 4 57 ",
            "4 8 2 5 7 9 1 6 3 ",
        ),
        45,
        &["r3c1#5", "r4c3#5"],
    );
}

/// SE: "Unique Rectangle type 3: Cells r4c2,r5c2,r5c5,r4c5 on 2, 8" (4.5), on puzzle 200000000000402015010070340400700050609000401050001006062090030740205000000000008.
#[test]
fn unique_rectangle_type_3_4_5() {
    check(
        loops,
        concat!(
            "2 39 4 15 15 368 689 89 7 ",
            "89 7 368 4 36 2 689 1 5 ",
            "5 1 68 689 7 689 3 4 2 ",
            "4 28 1 7 268 689 89 5 3 ",
            "6 28 9 358 258 38 4 7 1 ",
            "3 5 7 89 4 1 2 89 6 ",
            "18 6 2 18 9 7 5 3 4 ",
            "7 4 38 2 38 5 1 6 9 ",
            "19 39 5 136 16 4 7 2 8 ",
        ),
        45,
        &["r8c5#3"],
    );
}

/// SE: "Unique Rectangle type 3: Cells r3c9,r3c8,r7c8,r7c9 on 1, 4" (4.6), on puzzle 900103086100004000005800200270000108000000000406000097003002800000400009510708003.
#[test]
fn unique_rectangle_type_3_4_6() {
    check(
        loops,
        concat!(
            "9 24 27 1 5 3 47 8 6 ",
            "1 38 78 6 2 4 9 37 5 ",
            "36 46 5 8 7 9 2 134 14 ",
            "2 7 9 3 46 56 1 456 8 ",
            "38 358 1 9 468 7 345 456 2 ",
            "4 358 6 2 18 15 35 9 7 ",
            "67 9 3 5 16 2 8 147 14 ",
            "678 26 28 4 3 16 57 157 9 ",
            "5 1 4 7 9 8 6 2 3 ",
        ),
        46,
        &["r8c8#7"],
    );
}

/// SE: "Unique Rectangle type 3: Cells r8c4,r8c6,r2c6,r2c4 on 3, 5" (4.7), on puzzle 002000900060070020803000507008000100200050004010040070500010003006090700000284000.
#[test]
fn unique_rectangle_type_3_4_7() {
    check(
        loops,
        concat!(
            "17 457 2 134568 36 13568 9 13468 168 ",
            "19 6 145 13589 7 13589 348 2 18 ",
            "8 49 3 1469 26 1269 5 146 7 ",
            "34679 34579 8 3679 236 23679 1 3569 2569 ",
            "2 379 79 136789 5 136789 38 3689 4 ",
            "369 1 59 3689 4 23689 238 7 25689 ",
            "5 28 49 67 1 67 248 89 3 ",
            "14 28 6 35 9 35 7 148 128 ",
            "137 379 179 2 8 4 6 159 159 ",
        ),
        47,
        &["r2c3#1", "r2c7#8"],
    );
}

/// SE: "Unique Rectangle type 3: Cells r3c8,r3c9,r6c9,r6c8 on 2, 9" (4.8), on puzzle 006200310208030050073060000000700001000689000400003000000090270060020105052008900.
#[test]
fn unique_rectangle_type_3_4_8() {
    check(
        loops,
        concat!(
            "59 49 6 2 7 45 3 1 8 ",
            "2 14 8 9 3 14 67 5 67 ",
            "15 7 3 8 6 15 4 29 29 ",
            "6 389 59 7 4 2 58 39 1 ",
            "13 123 157 6 8 9 57 234 247 ",
            "4 289 79 1 5 3 678 269 2679 ",
            "8 13 14 5 9 6 2 7 34 ",
            "39 6 49 34 2 7 1 8 5 ",
            "7 5 2 34 1 8 9 46 346 ",
        ),
        48,
        &["r5c9#7"],
    );
}

/// SE: "Unique Rectangle type 4: Cells r1c4,r3c4,r3c9,r1c9 on 3, 6" (4.5), on puzzle 000040000600507002050010070010806030000000000005030200200709001507000804001403700.
#[test]
fn unique_rectangle_type_4() {
    check(
        loops,
        concat!(
            "1 7 289 36 4 28 569 568 35689 ",
            "6 48 3 5 9 7 14 148 2 ",
            "489 5 2489 36 1 28 469 7 3689 ",
            "479 1 49 8 2 6 459 3 579 ",
            "3 2 4689 19 7 5 1469 1468 89 ",
            "789 689 5 19 3 4 2 168 6789 ",
            "2 468 468 7 58 9 3 56 1 ",
            "5 3 7 2 6 1 8 9 4 ",
            "89 689 1 4 58 3 7 2 56 ",
        ),
        45,
        &["r1c9#6", "r3c9#6"],
    );
}

/// SE: "Unique Loop 6 type 1: Cells r4c8,r4c9,r9c9,r9c6,r8c6,r8c8 on 7, 8" (4.6), on puzzle 000006704005000060400070820530001000800000002000700039078020001050000900306900000.
#[test]
fn unique_loop_6_type_1() {
    check(
        loops,
        concat!(
            "12 128 123 12358 358 6 7 9 4 ",
            "7 289 5 248 48 2489 1 6 3 ",
            "4 6 139 13 7 39 8 2 5 ",
            "5 3 249 24 69 1 46 78 78 ",
            "8 49 7 345 69 345 456 1 2 ",
            "6 124 124 7 458 2458 45 3 9 ",
            "9 7 8 6 2 45 3 45 1 ",
            "12 5 124 348 1348 3478 9 78 6 ",
            "3 14 6 9 145 78 2 45 78 ",
        ),
        46,
        &["r8c6#7", "r8c6#8"],
    );
}

/// SE: "Unique Loop 6 type 2: Cells r7c5,r8c5,r8c3,r9c3,r9c9,r7c9 on 3, 9" (4.6), on puzzle 001069040460800010000000006700040030600357004090080001500000000020006057070210400.
#[test]
fn unique_loop_6_type_2() {
    check(
        loops,
        concat!(
            "28 38 1 5 6 9 7 4 238 ",
            "4 6 79 8 27 3 29 1 5 ",
            "289 35 579 1 27 4 2389 89 6 ",
            "7 58 258 9 4 1 6 3 28 ",
            "6 1 28 3 5 7 289 89 4 ",
            "3 9 4 6 8 2 5 7 1 ",
            "5 4 6 7 39 8 1 2 39 ",
            "1 2 389 4 39 6 38 5 7 ",
            "89 7 389 2 1 5 4 6 389 ",
        ),
        46,
        &["r9c1#8"],
    );
}

/// SE: "Unique Loop 6 type 3: Cells r2c4,r3c4,r3c1,r1c1,r1c7,r2c7 on 3, 5" (4.7), on puzzle ....4....79...6..2.8....6.9.638.27........15....1......3..6...74....3....25...4...
#[test]
fn unique_loop_6_type_3() {
    check(
        loops,
        concat!(
            "2356 15 26 279 4 789 358 78 1358 ",
            "7 9 14 35 18 6 35 148 2 ",
            "35 8 124 35 27 17 6 47 9 ",
            "1 6 3 8 5 2 7 9 4 ",
            "289 47 2789 6 379 479 1 5 38 ",
            "589 457 789 1 379 479 238 2368 368 ",
            "89 3 189 4 6 5 289 128 7 ",
            "4 17 6789 29 1289 3 589 68 1568 ",
            "69 2 5 79 1789 18 4 36 1368 ",
        ),
        47,
        &["r1c9#8"],
    );
}

/// SE: "Unique Loop 6 type 4: Cells r4c2,r5c2,r5c9,r8c9,r8c7,r4c7 on 6, 8" (4.6), on puzzle 090000065000002900056970180001024000007000400000610200035096720004200000620000090.
#[test]
fn unique_loop_6_type_4() {
    check(
        loops,
        concat!(
            "7 9 2 148 48 18 3 6 5 ",
            "8 1 3 5 6 2 9 4 7 ",
            "4 5 6 9 7 3 1 8 2 ",
            "35 68 1 7 2 4 68 35 9 ",
            "2 68 7 3 58 9 4 15 168 ",
            "35 4 9 6 1 58 2 7 38 ",
            "1 3 5 48 9 6 7 2 48 ",
            "9 7 4 2 358 15 68 13 1368 ",
            "6 2 8 14 34 7 5 9 134 ",
        ),
        46,
        &["r5c9#8", "r8c9#8"],
    );
}

/// SE: "Unique Loop 8 type 1: Cells r2c2,r2c4,r5c4,r5c6,r3c6,r3c1,r6c1,r6c2 on 5, 9" (4.7), on puzzle 148000965002000100003080700006702500400030008000816000010070050300658001000401000.
#[test]
fn unique_loop_8_type_1() {
    check(
        loops,
        concat!(
            "1 4 8 3 2 7 9 6 5 ",
            "7 59 2 59 6 4 1 8 3 ",
            "59 6 3 1 8 59 7 24 24 ",
            "8 3 6 7 4 2 5 1 9 ",
            "4 27 1 59 3 59 6 27 8 ",
            "259 59 79 8 1 6 34 2347 247 ",
            "69 1 49 2 7 3 8 5 46 ",
            "3 27 47 6 5 8 24 9 1 ",
            "26 8 5 4 9 1 23 37 67 ",
        ),
        47,
        &["r6c1#5", "r6c1#9"],
    );
}

/// SE: "Unique Loop 8 type 3: Cells r1c3,r1c7,r3c7,r3c5,r2c5,r2c1,r8c1,r8c3 on 1, 2" (4.8), on puzzle 700694005004000600300000009000080000030952010010000070053070820000000000908030701.
#[test]
fn unique_loop_8_type_3() {
    check(
        loops,
        concat!(
            "7 8 12 6 9 4 12 3 5 ",
            "12 9 4 35 12 35 6 8 7 ",
            "3 6 5 78 12 78 12 4 9 ",
            "245 24 269 17 8 17 359 569 23 ",
            "68 3 7 9 5 2 4 1 68 ",
            "258 1 29 34 46 36 59 7 28 ",
            "146 5 3 14 7 9 8 2 46 ",
            "124 7 126 12458 46 18 359 569 34 ",
            "9 24 8 24 3 56 7 56 1 ",
        ),
        48,
        &["r8c4#4", "r8c8#6", "r8c9#4"],
    );
}

/// SE: "Unique Loop 10 type 1: Cells r2c8,r3c8,r3c1,r7c1,r7c2,r5c2,r5c7,r4c7,r4c3,r2c3 on 3, 7" (5.0), on puzzle 040005120200800604008000000090120000100000002000034080000000400605003007089600010.
#[test]
fn unique_loop_10_type_1() {
    check(
        loops,
        concat!(
            "9 4 67 3 67 5 1 2 8 ",
            "2 5 137 8 79 19 6 37 4 ",
            "37 16 8 24 146 12 5 37 9 ",
            "8 9 37 1 2 6 37 4 5 ",
            "1 37 4 5 89 89 37 6 2 ",
            "5 26 26 7 3 4 9 8 1 ",
            "37 37 12 9 18 128 4 5 6 ",
            "6 12 5 24 14 3 8 9 7 ",
            "4 8 9 6 5 7 2 1 3 ",
        ),
        50,
        &["r2c3#3", "r2c3#7"],
    );
}

/// SE: "Unique Loop 12 type 2: Cells r1c4,r3c4,r3c7,r4c7,r4c9,r9c9,r9c3,r8c3,r8c6,r7c6,r7c8,r1c8 on 3, 5" (5.0), on puzzle 008009002530080000102004000041900000006040900000006810000400608000060091900100700.
#[test]
fn unique_loop_12_type_2() {
    check(
        loops,
        concat!(
            "6 7 8 35 1 9 4 35 2 ",
            "5 3 4 26 8 27 1 67 9 ",
            "1 9 2 356 357 4 35 8 67 ",
            "8 4 1 9 357 27 35 267 356 ",
            "37 25 6 8 4 1 9 27 357 ",
            "37 25 9 235 357 6 8 1 4 ",
            "2 1 7 4 9 35 6 35 8 ",
            "4 8 35 7 6 35 2 9 1 ",
            "9 6 35 1 2 8 7 4 35 ",
        ),
        50,
        &["r3c9#6"],
    );
}
