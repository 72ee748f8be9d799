// Makes an output directory (--csv, --pcap) before the run, so a path that cannot be one
// is refused before anything runs or prints (an existing file gave an uncaught
// filesystem_error, exit 134, after the result was printed).
#pragma once

#include <filesystem>
#include <string>
#include <system_error>

namespace plab_cli {

// "" when `dir` is a directory now, else why not, naming `option`; `holds` says what
// the directory is for ("one CSV per series").
inline std::string PrepareOutputDir(const std::string& option, const std::string& dir, const std::string& holds) {
  namespace fs = std::filesystem;
  if (dir.empty()) return option + " expects a directory, got an empty path";
  std::error_code ec;
  const fs::file_status status = fs::status(dir, ec);
  if (fs::exists(status) && !fs::is_directory(status)) {
    return option + " " + dir + " exists and is not a directory (" + option + " names a directory for " + holds + ")";
  }
  fs::create_directories(dir, ec);
  if (ec) return option + " " + dir + ": cannot create the directory (" + ec.message() + ")";
  return "";
}

}  // namespace plab_cli
