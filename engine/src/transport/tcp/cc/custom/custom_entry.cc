#include "transport/tcp/cc/custom/custom_entry.h"

#include <nlohmann/json.hpp>

#include "params/param_view.h"
#include "params/run_error.h"
#include "transport/tcp/cc/custom/custom_control.h"
#include "transport/tcp/cc/custom/templates.h"
#include "transport/tcp/tcp_entries.h"

namespace plab {

// The templates live here, with the protocol's entry: their names are those of the
// protocols they imitate (registry_test: only *_entry.cc files spell a protocol's name).
namespace cclang {

const std::vector<TemplateDecl>& Templates() {
  static const std::vector<TemplateDecl> t = {
      {"reno", "Reno", "RFC 5681 in six lines; gives exactly the built-in Reno's run", kRenoProgram},
      {"aimd", "AIMD", "Additive increase a, multiplicative decrease b: the two constants to play with", kAimdProgram},
      {"vegas", "Vegas", "Keeps a few segments queued by comparing the RTT with the minimum RTT", kVegasProgram},
      {"delay", "Delay target", "Aims at a fixed queueing delay, as LEDBAT does", kDelayProgram},
      {"bbr_like", "BBR-like", "Paces at the largest delivery rate it saw and keeps two BDPs in flight",
       kBbrLikeProgram},
      {"cubic_like", "CUBIC-like", "The window follows a cubic curve of the time since the last loss (cbrt, pow)",
       kCubicLikeProgram},
  };
  return t;
}

const std::string& DefaultProgram() {
  static const std::string program = kRenoProgram;
  return program;
}

}  // namespace cclang

namespace {

constexpr const char* kProgram = "custom.program";
constexpr const char* kTraceRound = "custom.trace_round";
// The largest round a trace may name: more rounds than any run of the lab's limits has.
constexpr int64_t kMaxTraceRound = 10000000;

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
        auto control = std::make_unique<CustomControl>(std::move(r.program), path, max_window);
        control->TraceRound(static_cast<uint64_t>(v.Integer(kTraceRound)));
        return control;
      },
      nullptr,
      true,
      nullptr};
  custom.params.push_back(TextParam(kProgram, "Program", "TCP", cclang::DefaultProgram(), cclang::kMaxProgramBytes,
                                    "The congestion control's program (the language of docs/custom-cc.md); the "
                                    "default is Reno in six lines")
                              .Source("Issue 20 (J); after CCP (Narayan et al., SIGCOMM 2018)"));
  custom.params.push_back(
      IntegerParam(kTraceRound, "Trace round", "TCP", "round", 0, static_cast<double>(kMaxTraceRound), 0,
                   "Records every handler call of this round (the `round` field the program reads) with the fields "
                   "it read and the values it wrote, in the result's flows[i].program_trace; 0 = no trace. "
                   "Tracing does not change the run")
          .Source("Issue 20 (J) §2"));
  custom.validate = [](const ParamView& v, const std::string& prefix, std::vector<ValidationError>& errors) {
    const cclang::CompileResult r = cclang::Compile(v.Text(kProgram));
    for (const cclang::Diagnostic& d : r.errors) {
      errors.push_back({prefix + kProgram, prefix + kProgram + ": " + Where(d)});
    }
  };
  return custom;
}

std::string LanguagesJson() {
  nlohmann::ordered_json language = nlohmann::ordered_json::parse(cclang::LanguageJson());
  // The trace of one round (docs/custom-cc.md, "Tracing a round"): the flow parameter
  // that asks for it, the key of the flow's entry in the result that carries it, and its bounds.
  language["trace"] = {{"param", kTraceRound},
                       {"result", "program_trace"},
                       {"max_round", kMaxTraceRound},
                       {"max_calls", CustomControl::kMaxTraceCalls},
                       {"max_reads", cclang::CallTrace::kMaxReads},
                       {"max_writes", cclang::CallTrace::kMaxWrites}};
  return nlohmann::ordered_json{{"custom", std::move(language)}}.dump();
}

ProtocolEntry CustomEntry() {
  return TcpProtocol("custom", "Custom", "custom", "reno",
                     "Your own congestion control, written in the lab's small language; pairs with any loss recovery",
                     "Issue 20 (J); docs/custom-cc.md");
}

}  // namespace plab
