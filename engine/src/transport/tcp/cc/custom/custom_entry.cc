#include "transport/tcp/cc/custom/custom_entry.h"

#include "params/param_view.h"
#include "params/run_error.h"
#include "transport/tcp/cc/custom/custom_control.h"
#include "transport/tcp/tcp_entries.h"

namespace plab {
namespace {

constexpr const char* kProgram = "custom.program";

std::string Where(const cclang::Diagnostic& d) {
  return "line " + std::to_string(d.line) + ", column " + std::to_string(d.col) + ": " + d.message;
}

}  // namespace

CongestionControlEntry CustomControlEntry() {
  CongestionControlEntry custom{
      "custom",
      "Custom program",
      "Your own program: handlers init, on_ack, on_loss, on_timeout and on_round set cwnd, ssthresh and the "
      "pacing rate (docs/custom-cc.md)",
      {},
      [](const ParamView& v) {
        cclang::CompileResult r = cclang::Compile(v.Text(kProgram));
        const std::string path = v.prefix() + kProgram;
        if (!r.errors.empty()) throw RunInputError(path, path + ": " + Where(r.errors.front()));
        const uint64_t max_window = static_cast<uint64_t>(v.Integer("tcp.max_window_segments")) *
                                    static_cast<uint64_t>(v.Integer("tcp.mss_bytes"));
        return std::make_unique<CustomControl>(std::move(r.program), path, max_window);
      },
      nullptr,
      true,
      nullptr};
  custom.params.push_back(TextParam(kProgram, "Program", "TCP", cclang::DefaultProgram(), cclang::kMaxProgramBytes,
                                    "The congestion control's program (the language of docs/custom-cc.md); the "
                                    "default is Reno in six lines")
                              .Source("Issue 20 (J); after CCP (Narayan et al., SIGCOMM 2018)"));
  custom.validate = [](const ParamView& v, const std::string& prefix, std::vector<ValidationError>& errors) {
    const cclang::CompileResult r = cclang::Compile(v.Text(kProgram));
    for (const cclang::Diagnostic& d : r.errors) {
      errors.push_back({prefix + kProgram, prefix + kProgram + ": " + Where(d)});
    }
  };
  return custom;
}

ProtocolEntry CustomEntry() {
  return TcpProtocol("custom", "Custom", "custom", "reno",
                     "Your own congestion control, written in the lab's small language; pairs with any loss recovery",
                     "Issue 20 (J); docs/custom-cc.md");
}

}  // namespace plab
