// The bench-only whole-process driver around tdoku's solver
// (github:t-dillon/tdoku, BSD-2-Clause), the peer of `sudoku solve` in
// `cargo xtask bench solve`. It is never shipped and never built by
// default: xtask compiles it together with tdoku's own
// `src/solver_dpll_triad_simd.cc` (`g++ -O3 -march=native`) into
// target/ only when the tdoku source is found. No tdoku code is copied
// here; this file only calls `TdokuSolverDpllTriadSimd` from tdoku.h.
//
// Usage: tdoku_driver [--count N] [--stats] FILE
//
// For each line of FILE that is not blank and does not start with '#', the
// first whitespace-separated token is a puzzle of 81 cells ('1'-'9', blanks
// '.', '0' or '_'). Without --count the driver prints the solution, or
// "no solution"; with --count N it prints the number of solutions up to N.
// --stats prints the number of puzzles and of tdoku's guesses on stderr.
// The whole file is read at once and the output is written through one
// buffer, as `sudoku solve` does.

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "tdoku.h"

namespace {

int Usage() {
    std::fprintf(stderr, "usage: tdoku_driver [--count N] [--stats] FILE\n");
    return 2;
}

// Reads a whole file into `text`; false when it cannot be read.
bool ReadFile(const char *path, std::string *text) {
    std::FILE *f = std::fopen(path, "rb");
    if (f == nullptr) return false;
    char chunk[1 << 16];
    size_t n;
    while ((n = std::fread(chunk, 1, sizeof chunk, f)) > 0) text->append(chunk, n);
    bool ok = std::ferror(f) == 0;
    std::fclose(f);
    return ok;
}

}  // namespace

int main(int argc, char **argv) {
    size_t limit = 0;
    bool stats = false;
    const char *path = nullptr;
    for (int i = 1; i < argc; i++) {
        if (std::strcmp(argv[i], "--count") == 0 && i + 1 < argc) {
            limit = std::strtoul(argv[++i], nullptr, 10);
            if (limit == 0) return Usage();
        } else if (std::strcmp(argv[i], "--stats") == 0) {
            stats = true;
        } else if (path == nullptr) {
            path = argv[i];
        } else {
            return Usage();
        }
    }
    if (path == nullptr) return Usage();
    std::string text;
    if (!ReadFile(path, &text)) {
        std::fprintf(stderr, "tdoku_driver: cannot read %s\n", path);
        return 2;
    }
    std::vector<char> out;
    out.reserve(1 << 16);
    uint64_t n_puzzles = 0, n_guesses = 0;
    size_t pos = 0;
    while (pos < text.size()) {
        size_t end = text.find('\n', pos);
        if (end == std::string::npos) end = text.size();
        size_t start = pos;
        pos = end + 1;
        while (start < end && (text[start] == ' ' || text[start] == '\t' || text[start] == '\r')) start++;
        if (start == end || text[start] == '#') continue;
        size_t stop = start;
        while (stop < end && text[stop] != ' ' && text[stop] != '\t' && text[stop] != '\r') stop++;
        if (stop - start != 81) {
            std::fprintf(stderr, "tdoku_driver: not an 81-cell puzzle: %.*s\n", (int)(stop - start),
                         text.data() + start);
            return 2;
        }
        // tdoku reads '.' for a blank and needs a byte below '.' after the
        // 81 cells (else it reads a 729-character pencil-mark puzzle).
        char puzzle[82];
        for (size_t i = 0; i < 81; i++) {
            char c = text[start + i];
            puzzle[i] = (c >= '1' && c <= '9') ? c : '.';
        }
        puzzle[81] = '\0';
        char solution[81];
        size_t guesses = 0;
        size_t found = TdokuSolverDpllTriadSimd(puzzle, limit == 0 ? 1 : limit, 0, solution, &guesses);
        n_puzzles++;
        n_guesses += guesses;
        if (limit > 0) {
            std::string count = std::to_string(found);
            out.insert(out.end(), count.begin(), count.end());
        } else if (found > 0) {
            out.insert(out.end(), solution, solution + 81);
        } else {
            static const char kNone[] = "no solution";
            out.insert(out.end(), kNone, kNone + sizeof kNone - 1);
        }
        out.push_back('\n');
        if (out.size() >= (1 << 16)) {
            if (std::fwrite(out.data(), 1, out.size(), stdout) != out.size()) return 2;
            out.clear();
        }
    }
    if (std::fwrite(out.data(), 1, out.size(), stdout) != out.size() || std::fflush(stdout) != 0) return 2;
    if (stats) {
        std::fprintf(stderr, "puzzles %llu guesses %llu\n", (unsigned long long)n_puzzles,
                     (unsigned long long)n_guesses);
    }
    return 0;
}
