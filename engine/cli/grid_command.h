// plab sweep --grid and plab merge (grid_command.cc): a grid of runs over several
// parameters, run on threads, split into shards and merged back.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "sweep/grid.h"

namespace plab_cli {

struct GridOptions {
  int jobs = 0;  // 0: every core
  int shard_index = 0, shard_count = 1;
  bool sharded = false;
  bool runs_only = false;  // no per-point lines
  bool plan_only = false;
  std::string out;  // "" stdout
};

// main.cc's number reader: decimal notation only; prints why not.
bool ParseNumber(const std::string& flag, const std::string& text, double* out);

// `PATH=from:to:points[:log]`, `PATH=a,b,c` or `PATH=v` into an axis; prints why not.
bool ParseGridAxis(const std::string& text, plab::SweepSpec* axis);
// `i/N` with 0 <= i < N; prints why not.
bool ParseShard(const std::string& text, GridOptions* options);
// A whole number >= 1 of jobs; prints why not.
bool ParseJobs(const std::string& text, GridOptions* options);

// Runs (or plans) the grid over `base`; the exit code (2 refused, 66 --out unwritable).
int RunGrid(const nlohmann::json& base, const plab::GridSpec& spec, const GridOptions& options);

// plab merge SHARD... [--runs-only] [--out FILE].
int Merge(int argc, char** argv);

}  // namespace plab_cli
