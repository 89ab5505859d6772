// The tables an Analysis hands JS as flat arrays: a row per token, its columns named here only
// (JS decodes the rows by these names: web/lib/result.js), and the mask the core used, cell by
// row by row (the rule is is_masked in src/core/attention.h; JS reads these rows, never the rule).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/analyze.h"

namespace al::wasm {

inline int stand_in_index(const Token& t, const Lookup& l) {
  if (l.status != LookupStatus::StandIn) return -1;
  const auto& table = stand_ins();
  for (std::size_t k = 0; k < table.size(); ++k)
    if (t.lower == table[k].word) return int(k);
  return -1;
}

// The token table's columns, in their order in a row (Analysis.tokenColumns()).
constexpr std::array<const char*, 6> kTokenColumns{"start", "end", "kind", "status", "rank", "standIn"};

// One token's row: UTF-16 start and end, kind, lookup status, rank (-1 if unknown), the
// stand-in's place in stand_ins() (-1 if none).
inline std::array<int, kTokenColumns.size()> token_row(const Token& t, const Lookup& l) {
  return {int(t.u16_start),
          int(t.u16_end),
          int(t.kind),
          int(l.status),
          l.status == LookupStatus::Known ? int(l.rank) : -1,
          stand_in_index(t, l)};
}

// Query i's row of the mask the steps used, n_k bytes from out: 1 where it hid key j.
inline void fill_mask_row(const AttentionSteps& s, int i, std::uint8_t* out) {
  for (int j = 0; j < s.key.rows; ++j) out[j] = is_masked(s.mask, i, j) ? 1 : 0;
}

// That row alone, into out: a view that asks about one query (the search) pays for its keys only.
inline void mask_row(const AttentionSteps& s, int i, std::vector<std::uint8_t>& out) {
  out.resize(std::size_t(s.key.rows));
  fill_mask_row(s, i, out.data());
}

// Every query's row, n_q × n_k bytes into out (row-major): for the views that draw the whole
// filter, one call instead of one per row (1,024 calls were 1.7 ms of a keystroke).
inline void mask_table(const AttentionSteps& s, std::vector<std::uint8_t>& out) {
  const std::size_t cols = std::size_t(s.key.rows);
  out.resize(std::size_t(s.query.rows) * cols);
  for (int i = 0; i < s.query.rows; ++i) fill_mask_row(s, i, out.data() + std::size_t(i) * cols);
}

}  // namespace al::wasm
