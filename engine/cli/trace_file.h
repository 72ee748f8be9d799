// `--set PATH=@FILE` for a delivery-trace list (a parameter declared with
// list_format "mahimahi_ms", e.g. topology.bottleneck.trace.forward.ms): the file is
// read as mm-link reads a trace (one timestamp in ms per line) and set as the list.
#pragma once

#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "net/delivery_trace.h"
#include "scenario/params.h"
#include "scenario/scenario.h"

namespace plab_cli {

// 0 when `value` is not "@FILE" for a trace list (nothing done) or was read into
// `out` (then *handled is true); else the exit code (66 unreadable, 2 a bad trace).
inline int ReadTraceFileValue(const std::string& path, const std::string& value, nlohmann::json* out, bool* handled) {
  *handled = false;
  if (value.size() < 2 || value[0] != '@') return 0;
  const plab::ParamDecl* d = plab::FindParam(plab::Scenario::PatternOf(path));
  if (d == nullptr || d->list_format != "mahimahi_ms") return 0;
  *handled = true;
  const std::string file = value.substr(1);
  // An empty file reads as no text (and is refused as an empty trace, below); a
  // directory is not a file to read.
  std::error_code ec;
  const bool directory = std::filesystem::is_directory(file, ec);
  std::ifstream in;
  if (!directory) in.open(file, std::ios::binary);
  std::string text;
  if (in.is_open()) text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  if (directory || !in.is_open() || in.bad()) {
    std::cerr << "plab: cannot read " << file << " (the trace for " << path << ")\n";
    return 66;
  }
  std::vector<int64_t> ms;
  if (const std::string bad = plab::ParseTraceText(text, path + " (" + file + ")", &ms); !bad.empty()) {
    std::cerr << "plab: " << bad << "\n";
    return 2;
  }
  *out = ms;
  return 0;
}

}  // namespace plab_cli
