#include "transport/tcp/cc/custom/language.h"

#include "transport/tcp/cc/custom/templates.h"

namespace plab::cclang {
namespace {

constexpr Handler kInit = Handler::kInit, kAck = Handler::kOnAck, kLoss = Handler::kOnLoss,
                  kTimeout = Handler::kOnTimeout, kRoundH = Handler::kOnRound;
const std::vector<Handler> kAll = {kInit, kAck, kLoss, kTimeout, kRoundH};
const std::vector<Handler> kRunning = {kAck, kLoss, kTimeout, kRoundH};

}  // namespace

const std::vector<HandlerDecl>& Handlers() {
  static const std::vector<HandlerDecl> h = {
      {"init", "Once, when the flow starts (after the var lines): cwnd is the initial window, ssthresh unset"},
      {"on_ack",
       "Each ACK that acknowledges new data outside loss recovery, after the sender has taken its RTT "
       "sample. cwnd grows here only while the window is what limits sending (RFC 7661)"},
      {"on_loss",
       "A loss is detected (fast retransmit, recovery entry): set ssthresh; the loss recovery then sets "
       "cwnd from it by its own rule (Reno: ssthresh + 3 segments)"},
      {"on_timeout",
       "The retransmission timer fired: set ssthresh and cwnd (cwnd = 1 segment unless you set it). "
       "Without on_timeout, on_loss sets ssthresh and cwnd = 1 segment"},
      {"on_round",
       "Once per round trip: when an ACK delivers the first segment sent after the previous round "
       "began (the delivered-based round of BBR and Linux); acked and lost are the round's"},
  };
  return h;
}

const std::vector<FieldDecl>& Fields() {
  static const std::vector<FieldDecl> f = {
      {"cwnd", "bytes", "The congestion window; kept between 1 segment and the receiver window, whole bytes", true,
       kAll},
      {"ssthresh", "bytes",
       "The slow-start threshold; 2^53 (9007199254740992) until set; at least 2 segments, whole bytes", true, kAll},
      {"pacing_rate", "bytes/s", "The rate the sender paces at; 0 = no pacing, send as the window allows", true, kAll},
      {"mss", "bytes", "The segment size (tcp.mss_bytes)", false, kAll},
      {"srtt", "s", "The smoothed round-trip time (RFC 6298); 0 before the first sample", false, kRunning},
      {"min_rtt", "s", "The smallest RTT sample so far; 0 before the first", false, kRunning},
      {"rtt", "s", "The latest RTT sample; 0 before the first", false, kRunning},
      {"rttvar", "s", "The RTT variation (RFC 6298)", false, kRunning},
      {"now", "s", "Simulated time (0 in init)", false, kRunning},
      {"in_flight", "bytes",
       "Data sent and not yet acknowledged (RFC 5681 FlightSize); in on_loss and on_timeout, when the loss was seen",
       false, kAll},
      {"acked",
       "bytes",
       "Bytes this ACK newly acknowledged; in on_round, delivered in the round that ended",
       false,
       {kAck, kRoundH}},
      {"lost", "bytes", "Bytes the loss recovery judged lost in the round that ended", false, {kRoundH}},
      {"delivered", "bytes", "Bytes delivered since the start (acknowledged or SACKed)", false, kRunning},
      {"delivery_rate",
       "bytes/s",
       "The latest delivery-rate sample (as BBR measures it); 0 before the first",
       false,
       {kAck, kRoundH}},
      {"round", "rounds", "How many rounds have begun", false, kRunning},
      {"cwnd_limited",
       "0/1",
       "1 when the window, not the application or the receiver, limits sending",
       false,
       {kAck, kRoundH}},
  };
  return f;
}

const std::vector<FunctionDecl>& Functions() {
  static const std::vector<FunctionDecl> f = {
      {"min", "min(a, b, ...)", "The smallest argument", 2, -1},
      {"max", "max(a, b, ...)", "The largest argument", 2, -1},
      {"clamp", "clamp(x, lo, hi)", "x kept within lo and hi: max(lo, min(x, hi))", 3, 3},
      {"abs", "abs(x)", "The absolute value", 1, 1},
      {"floor", "floor(x)", "The largest integer not above x", 1, 1},
      {"ceil", "ceil(x)", "The smallest integer not below x", 1, 1},
      {"sqrt", "sqrt(x)", "The square root (IEEE-754, exact rounding)", 1, 1},
      {"cbrt", "cbrt(x)", "The cube root (the engine's own, the same natively and in the browser)", 1, 1},
      {"log", "log(x)", "The natural logarithm (the engine's own fdlibm port)", 1, 1},
      {"exp", "exp(x)", "e to the power x (the engine's own)", 1, 1},
      {"pow", "pow(x, y)", "x to the power y; a negative x needs an integer y (the engine's own)", 2, 2},
  };
  return f;
}

const std::vector<std::string>& Keywords() {
  static const std::vector<std::string> k = {"var", "if", "else", "and", "or", "not"};
  return k;
}

const char* HandlerName(Handler h) { return Handlers()[static_cast<int>(h)].name; }

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

}  // namespace plab::cclang
