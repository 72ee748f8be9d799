#include "scenario/params.h"

#include <map>

namespace plab {
namespace {

ParamDecl Decl(std::string path, std::string label, std::string group, ParamType type, std::string unit,
               double min, double max, nlohmann::json def, std::string help, std::string source, bool log_scale) {
  ParamDecl d;
  d.path = std::move(path);
  d.label = std::move(label);
  d.group = std::move(group);
  d.type = type;
  d.unit = std::move(unit);
  d.min = min;
  d.max = max;
  d.default_value = std::move(def);
  d.help = std::move(help);
  d.source = std::move(source);
  d.log_scale = log_scale;
  return d;
}

ParamDecl Number(std::string path, std::string label, std::string group, std::string unit,
                 double min, double max, double def, std::string help, std::string source = "",
                 bool log_scale = false) {
  return Decl(std::move(path), std::move(label), std::move(group), ParamType::kNumber, std::move(unit), min, max,
              def, std::move(help), std::move(source), log_scale);
}

ParamDecl Integer(std::string path, std::string label, std::string group, std::string unit,
                  double min, double max, int64_t def, std::string help, std::string source = "",
                  bool log_scale = false) {
  return Decl(std::move(path), std::move(label), std::move(group), ParamType::kInteger, std::move(unit), min, max,
              def, std::move(help), std::move(source), log_scale);
}

ParamDecl Enum(std::string path, std::string label, std::string group,
               std::vector<std::string> options, std::string def, std::string help,
               std::string source = "") {
  ParamDecl d = Decl(std::move(path), std::move(label), std::move(group), ParamType::kEnum, "", 0, 0,
                     std::move(def), std::move(help), std::move(source), false);
  d.options = std::move(options);
  return d;
}

ParamDecl Bool(std::string path, std::string label, std::string group, bool def,
               std::string help, std::string source = "") {
  return Decl(std::move(path), std::move(label), std::move(group), ParamType::kBool, "", 0, 1, def,
              std::move(help), std::move(source), false);
}

// The error-model parameters of one channel direction.
void AddChannel(std::vector<ParamDecl>& out, const std::string& dir, const std::string& name,
                const std::string& carries, double default_p, bool data_direction) {
  const std::string base = "flows[].channel." + dir + ".";
  const std::string group = name + " channel";
  const std::string model = base + "model";
  std::vector<std::string> models = {"none", "bernoulli", "on_off", "scripted"};
  std::vector<std::string> labels = {"None", "Bernoulli", "ON/OFF (Markov)", "Scripted"};
  if (data_direction) {
    models.push_back("window");
    labels.push_back("k losses in one window");
  }
  out.push_back(Enum(model, name + " error model", group, models, "bernoulli",
                     "How " + carries + " are lost on the bottleneck: none; Bernoulli(p) per "
                     "packet; two-state Markov ON/OFF; a script of packet indices" +
                         std::string(data_direction ? "; or k random segments of one window, "
                                                      "retransmissions never lost (LE paper §3.1)"
                                                    : ""),
                     "TCP-Real §3").Labels(labels));
  out.push_back(Number(base + "p", name + " loss rate", group, "", 0, 1, default_p,
                       "Bernoulli: probability that each of the " + carries + " is lost").When(model, {"bernoulli"}));
  out.push_back(Number(base + "on_mean_s", name + " ON mean sojourn", group, "s", 0.001, 3600, 1,
                       "ON/OFF: mean time in the lossy ON state (exponential)", "TCP-Real §3: 1 s", true).When(model, {"on_off"}));
  out.push_back(Number(base + "off_mean_s", name + " OFF mean sojourn", group, "s", 0.001, 3600, 1,
                       "ON/OFF: mean time in the clear OFF state (exponential)", "TCP-Real §3: 1 s", true).When(model, {"on_off"}));
  out.push_back(Number(base + "on_p", name + " ON loss rate", group, "", 0, 1, 0.2,
                       "ON/OFF: loss probability per packet while ON", "TCP-Real §4.4: 20%").When(model, {"on_off"}));
  out.push_back(Number(base + "off_p", name + " OFF loss rate", group, "", 0, 1, 0,
                       "ON/OFF: loss probability per packet while OFF", "TCP-Real §3: 0").When(model, {"on_off"}));
  ParamDecl script = Decl(base + "drop_packets", name + " scripted drops", group, ParamType::kIntList, "", 1, 1e9,
                          nlohmann::json::array(),
                          "Scripted: 1-based indices of the " + carries + " to drop, counted in the "
                          "order they reach the channel (retransmissions included)", "", false);
  script.When(model, {"scripted"});
  script.max_items = kMaxIntListItems;
  out.push_back(script);
  if (!data_direction) return;
  out.push_back(Integer(base + "window_first_segment", name + " window start", group, "segment", 1, 1e9, 101,
                        "Window drops: the first segment (1-based) of the window the losses fall in",
                        "LE paper §3.1").When(model, {"window"}));
  out.push_back(Integer(base + "window_segments", name + " window size", group, "segments", 1, 10000, 32,
                        "Window drops: how many consecutive segments the losses are chosen from",
                        "LE paper §3.1: cwnd limited to 32").When(model, {"window"}));
  out.push_back(Integer(base + "window_drops", name + " losses in the window", group, "segments", 0, 10000, 4,
                        "Window drops: how many distinct segments of the window are lost (at random, "
                        "first transmissions only)", "LE paper §3.1, Fig. 4: 1 to 31").When(model, {"window"}));
}

std::vector<ParamDecl> Declare() {
  std::vector<ParamDecl> p;
  p.push_back(Integer("seed", "Seed", "Run", "", 0, 4294967295.0, 1,
                      "Random seed: the same scenario and seed give the same run, natively and in the browser"));
  p.push_back(Number("duration_s", "Duration", "Run", "s", 0.1, 600, 20,
                     "Simulated time; a fixed-size transfer may finish earlier"));

  p.push_back(Number("topology.access.rate_mbps", "Access rate", "Path", "Mb/s", 0.01, 10000, 100,
                     "Rate of the sender's access link", "", true).Advanced());
  p.push_back(Number("topology.access.delay_ms", "Access delay", "Path", "ms", 0, 1000, 1,
                     "One-way propagation delay of the access link").Advanced());
  p.push_back(Integer("topology.access.queue_packets", "Access buffer", "Path", "packets", 1, 100000, 100,
                      "Drop-tail queue of the access link", "", true).Advanced());
  p.push_back(Number("topology.bottleneck.rate_mbps", "Bottleneck rate", "Path", "Mb/s", 0.01, 10000, 10,
                     "Rate of the bottleneck link (both directions)", "", true));
  p.push_back(Number("topology.bottleneck.delay_ms", "Bottleneck delay", "Path", "ms", 0, 1000, 14,
                     "One-way propagation delay of the bottleneck; with the access link, 15 ms one way "
                     "as in TCP-Real §4.1", "TCP-Real §4.1 / §4.3 (15 ms, 50 ms)"));
  p.push_back(Integer("topology.bottleneck.queue_packets", "Buffer", "Path", "packets", 1, 100000, 100,
                      "Drop-tail queue at the bottleneck, in packets", "", true));

  p.push_back(Enum("flows[].protocol", "Protocol", "TCP",
                   {"tahoe", "reno", "newreno", "sack", "fack", "vegas", "westwood", "cubic", "bbr"}, "newreno",
                   "Tahoe, Reno (RFC 5681), NewReno (RFC 6582), SACK (RFC 6675) and FACK (Mathis & Mahdavi) "
                   "share slow start + AIMD and differ in loss recovery; Vegas (Brakmo & Peterson), "
                   "Westwood+ (Mascolo et al.), CUBIC (RFC 9438) and BBR v1 (Cardwell et al.) change the window law",
                   "RFC 5681, 6582, 6675, 9438; TCP-ER §II")
                   .Labels({"Tahoe", "Reno", "NewReno", "SACK", "FACK", "Vegas", "Westwood+", "CUBIC", "BBR v1"}));
  p.push_back(Enum("flows[].recovery", "Loss recovery", "TCP",
                   {"default", "tahoe", "reno", "newreno", "newreno_er", "sack", "fack"}, "default",
                   "Override the protocol's loss recovery (default: its own; Vegas uses NewReno with "
                   "early retransmission, CUBIC and BBR use SACK)", "LE paper §4: one recovery, several controls").Advanced());
  p.push_back(Number("flows[].vegas.alpha", "Vegas alpha", "TCP", "packets", 0, 100, 1,
                     "Vegas grows the window when fewer than alpha packets are queued", "Brakmo & Peterson; ns-2 default 1").When("flows[].protocol", {"vegas"}));
  p.push_back(Number("flows[].vegas.beta", "Vegas beta", "TCP", "packets", 0, 100, 3,
                     "Vegas shrinks the window when more than beta packets are queued", "Brakmo & Peterson; ns-2 default 3").When("flows[].protocol", {"vegas"}));
  p.push_back(Number("flows[].vegas.gamma", "Vegas gamma", "TCP", "packets", 0, 100, 1,
                     "Vegas leaves slow start when more than gamma packets are queued", "Brakmo & Peterson; ns-2 default 1").When("flows[].protocol", {"vegas"}));
  p.push_back(Enum("flows[].tcp.sack", "SACK option", "TCP", {"auto", "on", "off"}, "auto",
                   "Whether the receiver sends SACK blocks (RFC 2018): auto = on when the loss recovery "
                   "is SACK or FACK, off otherwise", "RFC 2018").Advanced());
  p.push_back(Bool("flows[].tcp.timestamps", "Timestamps", "TCP", false,
                   "RFC 7323 timestamps: 12 more header bytes on every packet, and an RTT sample from every "
                   "ACK of new data, retransmissions included", "RFC 7323").Advanced());
  p.push_back(Bool("flows[].tcp.cwnd_validation", "Window validation", "TCP", true,
                   "Grow cwnd only while it limits sending (not when the application or the receiver "
                   "window holds the flow back), as Linux and ns-3 do; off = every ACK grows cwnd, as "
                   "1990s stacks did", "RFC 7661; Linux tcp_is_cwnd_limited").Advanced());
  p.push_back(Bool("flows[].tcp.limited_transmit", "Limited transmit", "TCP", false,
                   "Each of the first two duplicate ACKs sends one new segment, so a small window can "
                   "still collect three duplicate ACKs (off: the classic stacks of the papers)",
                   "RFC 3042").Advanced());
  p.push_back(Bool("flows[].tcp.delayed_ack", "Delayed ACK", "TCP", false,
                   "The receiver acknowledges in-order data every few segments or after a timer",
                   "RFC 1122 §4.2.3.2, RFC 5681 §4.2").Advanced());
  p.push_back(Integer("flows[].tcp.delayed_ack_count", "Delayed ACK count", "TCP", "segments", 2, 16, 2,
                      "Acknowledge at the latest every this many full segments", "RFC 5681 §4.2: 2")
                  .Advanced()
                  .When("flows[].tcp.delayed_ack", {"true"}));
  p.push_back(Number("flows[].tcp.delayed_ack_timeout_ms", "Delayed ACK timer", "TCP", "ms", 1, 500, 200,
                     "Acknowledge pending data at the latest this long after it arrived",
                     "RFC 1122: at most 500 ms; 200 ms is classic BSD")
                  .Advanced()
                  .When("flows[].tcp.delayed_ack", {"true"}));
  p.push_back(Integer("flows[].tcp.mss_bytes", "MSS", "TCP", "bytes", 100, 9000, 1000,
                      "Payload bytes per segment").Advanced());
  p.push_back(Integer("flows[].tcp.header_bytes", "Header bytes", "TCP", "bytes", 0, 200, 40,
                      "Bytes added to every packet on the wire (IP + TCP headers, plus 12 with timestamps on); a bare ACK is this size").Advanced());
  p.push_back(Integer("flows[].tcp.initial_window_segments", "Initial window", "TCP", "segments", 1, 100, 2,
                      "cwnd at the start of the connection", "RFC 5681 §3.1"));
  p.push_back(Integer("flows[].tcp.max_window_segments", "Receiver window", "TCP", "segments", 1, 1000000,
                      10000, "Receiver's advertised window: cwnd never lets more than this be outstanding",
                      "", true).Advanced());
  p.push_back(Integer("flows[].tcp.dupack_threshold", "Dupack threshold", "TCP", "ACKs", 1, 64, 3,
                      "Duplicate ACKs that trigger a fast retransmit", "RFC 5681 §3.2").Advanced());
  p.push_back(Number("flows[].tcp.min_rto_ms", "Minimum RTO", "TCP", "ms", 1, 60000, 1000,
                     "Lower bound of the retransmission timeout", "RFC 6298 §2.4", true));
  p.push_back(Number("flows[].tcp.initial_rto_ms", "Initial RTO", "TCP", "ms", 1, 60000, 1000,
                     "Retransmission timeout before the first RTT sample", "RFC 6298 §2.1", true).Advanced());
  p.push_back(Number("flows[].tcp.max_rto_ms", "Maximum RTO", "TCP", "ms", 100, 600000, 60000,
                     "Upper bound of the backed-off retransmission timeout", "RFC 6298 §2.5", true).Advanced());

  AddChannel(p, "forward", "Forward", "data packets", 0.01, true);
  AddChannel(p, "reverse", "Reverse", "ACKs", 0, false);

  p.push_back(Integer("flows[].app.size_bytes", "Transfer size", "Application", "bytes", 0, 1e12, 0,
                      "Bytes to transfer; 0 = unlimited (runs for the whole duration)",
                      "TCP-Real §3: 5 MB"));
  p.push_back(Bool("flows[].app.token_bucket.enabled", "Token bucket", "Application", true,
                   "Limit the source with a token bucket and count tokens consumed per RTT",
                   "TCP-Real §3"));
  p.push_back(Integer("flows[].app.token_bucket.tokens_per_interval", "Token rate", "Application",
                      "tokens", 1, 1000000, 20, "Tokens added per token interval", "TCP-Real §3: 20 per 30 ms").When("flows[].app.token_bucket.enabled", {"true"}));
  p.push_back(Number("flows[].app.token_bucket.interval_ms", "Token interval", "Application", "ms",
                     0.1, 10000, 30, "The interval the token rate refers to", "TCP-Real §3: 30 ms").When("flows[].app.token_bucket.enabled", {"true"}));
  p.push_back(Integer("flows[].app.token_bucket.depth_tokens", "Token depth", "Application", "tokens",
                      1, 1000000, 20, "Bucket depth: tokens that can be saved up", "TCP-Real §3: 20 KB").When("flows[].app.token_bucket.enabled", {"true"}));
  p.push_back(Integer("flows[].app.token_bucket.token_bytes", "Token size", "Application", "bytes",
                      1, 65535, 1000, "Payload bytes one token allows", "TCP-Real §3: 1 KB").Advanced().When("flows[].app.token_bucket.enabled", {"true"}));
  p.push_back(Number("flows[].app.playback.interval_ms", "Playback interval", "Application", "ms",
                     1, 10000, 40, "The receiving application reads every this often",
                     "TCP-Real §3: 40 ms and 100 ms", true));
  p.push_back(Integer("flows[].app.playback.read_bytes", "Read size", "Application", "bytes", 1, 100000000,
                      5000, "Bytes each playback read needs to succeed", "TCP-Real §3: 5 KB", true));
  p.push_back(Number("flows[].app.playback.startup_ms", "Playback start-up delay", "Application", "ms",
                     0, 600000, 0, "Time before the first playback read").Advanced());
  return p;
}

}  // namespace

const std::vector<ParamDecl>& AllParams() {
  static const std::vector<ParamDecl> params = Declare();
  return params;
}

const ParamDecl* FindParam(const std::string& pattern_path) {
  static const std::map<std::string, const ParamDecl*> index = [] {
    std::map<std::string, const ParamDecl*> m;
    for (const ParamDecl& d : AllParams()) m[d.path] = &d;
    return m;
  }();
  const auto it = index.find(pattern_path);
  return it == index.end() ? nullptr : it->second;
}

const char* ParamTypeName(ParamType type) {
  switch (type) {
    case ParamType::kNumber: return "number";
    case ParamType::kInteger: return "integer";
    case ParamType::kEnum: return "enum";
    case ParamType::kBool: return "bool";
    case ParamType::kIntList: return "int_list";
  }
  return "?";
}

}  // namespace plab
