// A protocol that lives only in the tests: NewReno's endpoints with one live parameter
// of its own (test_echo.gain), one series (echo_level) and two summary figures
// (echo_goodput_mbps from its probe, echo_acks from its receiver). It proves that a
// protocol needs nothing outside its own files but one registration line (below):
// docs/adding-a-protocol.md. The gain scales nothing the network sees, so the run
// is NewReno's and the test can check each figure against one it already knows.
#include "echo_protocol.h"

#include "params/param_view.h"
#include "sim/scheduler.h"
#include "transport/tcp/tcp_entries.h"
#include "transport/tcp/tcp_family.h"

namespace plab::testing {
namespace {

// The family's probe (TCP's window, recoveries) with the protocol's own series and
// figure added to what it reports.
class EchoProbe final : public TransportProbe {
 public:
  EchoProbe(std::unique_ptr<TransportProbe> tcp, double gain, const Scheduler* scheduler)
      : tcp_(std::move(tcp)), gain_(gain), scheduler_(scheduler) {
    SetGain(gain);
  }
  // The gain from now on (live mode: test_echo.gain is declared live).
  void SetGain(double gain) {
    gain_ = gain;
    t_.push_back(scheduler_->now().seconds());
    v_.push_back(gain);
  }
  void Finish() override {
    tcp_->Finish();
    t_.push_back(scheduler_->now().seconds());
    v_.push_back(gain_);
  }
  void AppendSeries(SeriesSink& out) const override {
    tcp_->AppendSeries(out);
    out.Add("echo_level", "", "line", t_, v_);
  }
  void AppendSummary(nlohmann::ordered_json& summary, const FlowFigures& flow) const override {
    tcp_->AppendSummary(summary, flow);
    summary["echo_goodput_mbps"] = gain_ * flow.goodput_mbps;
  }

 private:
  std::unique_ptr<TransportProbe> tcp_;
  double gain_;
  const Scheduler* scheduler_;
  std::vector<double> t_, v_;
};

ProtocolEntry EchoEntry() {
  ProtocolEntry e = TcpProtocol("test_echo", "Test echo", "aimd", "newreno",
                                "NewReno reporting its gain parameter as a series and gain x goodput as a figure",
                                "engine/tests/protocol_entry (a test of the protocol entry)");
  const TcpComposition composition = *e.tcp;
  e.params.push_back(NumberParam("test_echo.gain", "Echo gain", "TCP", "", 0, 10, 1.5,
                                 "What echo_level draws and echo_goodput_mbps multiplies the goodput by")
                         .Live());
  e.set_live = [](SenderParts& sender, const std::string&, double gain) {
    // Its only live parameter; without a probe (a background flow) nothing reports it.
    if (sender.probe != nullptr) static_cast<EchoProbe&>(*sender.probe).SetGain(gain);
  };
  e.make_sender = [composition](const FlowEnv& env) {
    SenderParts parts = MakeTcpSender(env, composition);
    if (parts.probe != nullptr) {
      parts.probe =
          std::make_unique<EchoProbe>(std::move(parts.probe), env.params->Number("test_echo.gain"), env.scheduler);
    }
    return parts;
  };
  e.make_receiver = [composition](const FlowEnv& env) {
    ReceiverParts parts{MakeTcpReceiver(env, composition)};
    parts.append_summary = [r = parts.receiver.get()](nlohmann::ordered_json& s) {
      s["echo_acks"] = r->feedback_sent();
    };
    return parts;
  };
  e.series.push_back("echo_level");
  e.series_fields.fields = {{"echo_level", "Echo level", "", "line", "flow", "The flow's test_echo.gain", ""}};
  e.summary_fields.fields = {{"echo_goodput_mbps", "Echo goodput", "Mb/s", "test_echo.gain x goodput"},
                             {"echo_acks", "Echo ACKs", "packets", "ACKs the echo receiver sent"}};
  return e;
}

}  // namespace

// The one line that adds the protocol: the test program links this file, the engine's
// own programs (CLI, WASM) do not, so their schema has no test protocol.
const ProtocolRegistration kEchoProtocol(EchoEntry);

}  // namespace plab::testing
