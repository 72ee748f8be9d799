#include "metrics/panel_fields.h"

namespace plab {
namespace {

// Constructors that keep the table below one line per series.
PanelLine Line(std::string series, std::string label, std::string style, std::string color) {
  PanelLine l;
  l.series = std::move(series);
  l.scope = "flow";
  l.label = std::move(label);
  l.style = std::move(style);
  l.color = std::move(color);
  return l;
}

PanelLine Points(std::string series, std::string label, std::string marker, std::string color, std::string draw) {
  PanelLine l = Line(std::move(series), std::move(label), "points", std::move(color));
  l.marker = std::move(marker);
  l.draw = std::move(draw);
  return l;
}

PanelLine Dashed(PanelLine l, std::string dash) {
  l.dash = std::move(dash);
  return l;
}

PanelLine Drawn(PanelLine l, std::string draw) {
  l.draw = std::move(draw);
  return l;
}

PanelLine Each(PanelLine l, std::string each) {
  l.each = std::move(each);
  return l;
}

PanelLine Scoped(PanelLine l, std::string scope) {
  l.scope = std::move(scope);
  return l;
}

PanelLine Transformed(PanelLine l, std::string transform) {
  l.transform = std::move(transform);
  return l;
}

PanelDecl Panel(std::string id, std::vector<std::string> layouts, std::string title, std::string short_title,
                std::string y_label, std::string unit, std::vector<PanelLine> lines) {
  PanelDecl p;
  p.id = std::move(id);
  p.layouts = std::move(layouts);
  p.title = std::move(title);
  p.short_title = std::move(short_title);
  p.y_label = std::move(y_label);
  p.unit = std::move(unit);
  p.lines = std::move(lines);
  return p;
}

// The time–sequence diagram's traces (Stevens' TCP/IP Illustrated style): what was
// sent, resent and acknowledged, and the receiver's SACK blocks.
std::vector<PanelLine> SeqTraces() {
  return {Line("seq_sent", "last segment sent", "trace", "sent"),
          Line("seq_retransmitted", "retransmitted", "trace", "retransmitted"),
          Line("seq_acked", "cumulative ACK", "trace", "acked"),
          Line("seq_sack_start", "SACK block start", "trace", "sackBlock"),
          Line("seq_sack_end", "SACK block end", "trace", "sackBlock")};
}

// The bottleneck's capacity when a delivery trace drives it (issue 20 §4), drawn
// with the throughput it bounds; absent otherwise.
PanelLine Capacity() {
  return Drawn(Scoped(Dashed(Line("capacity_mbps", "bottleneck capacity (trace)", "step", "#6b6b6b"), "2 2"), "link"),
               "samples");
}

std::vector<PanelDecl> Declare() {
  std::vector<PanelDecl> panels;
  const std::vector<std::string> kSingle = {"single"};
  const std::vector<std::string> kMulti = {"multi"};
  const std::vector<std::string> kLive = {"single", "multi"};
  const std::vector<std::string> kCompare = {"compare"};

  // One flow, a window-based sender: its window with the events that moved it
  // (RFC 5681 §3), then its time–sequence diagram.
  {
    PanelDecl p = Panel("cwnd", kSingle, "Congestion window and ssthresh", "Window", "window (segments)", "segments",
                        {Drawn(Line("cwnd", "cwnd", "step", "cwnd"), "declared"),
                         Drawn(Dashed(Line("ssthresh", "ssthresh", "step", "ssthresh"), "7 5"), "declared"),
                         Points("fast_retransmit", "fast retransmit", "triangle", "fastRetransmit", "declared"),
                         Points("partial_ack", "partial ACK", "diamond", "partialAck", "declared"),
                         Points("timeout", "timeout", "cross", "timeout", "declared"),
                         Points("early_retransmit", "early retransmit", "triangle", "earlyRetransmit", "samples"),
                         Points("ecn_response", "ECN window reduction", "diamond", "ecnResponse", "samples")});
    // ssthresh starts at "infinity" (RFC 5681 §3.1): it must not flatten cwnd.
    p.lines[1].y_extent_cap = 2;
    p.family = "tcp";
    p.main = true;
    panels.push_back(p);
  }
  // One flow, a rate-based sender (RFC 5348 §4.3): the rate it may send at, the
  // equation's, and what arrived; then the loss event rate the equation is given.
  {
    PanelDecl p =
        Panel("rate", kSingle, "Sending rate: allowed and the equation's", "Sending rate", "rate (Mb/s)", "Mb/s",
              {Line("allowed_rate", "allowed rate", "step", "rate"),
               Drawn(Dashed(Line("equation_rate", "equation's rate", "line", "equation"), "6 4"), "samples"),
               Line("throughput", "throughput (received)", "line", "throughput")});
    p.family = "rate";
    p.title_without_samples_of = "equation_rate";
    p.title_without = "Sending rate: allowed, and what arrived";
    p.main = true;
    panels.push_back(p);
  }
  // One DCTCP flow: its estimate of the fraction of bytes marked (RFC 8257 §3.3), which
  // sets how far each mark cuts the window.
  {
    PanelDecl p = Panel("dctcp-alpha", kSingle, "DCTCP alpha: the marked fraction it estimates", "DCTCP alpha", "alpha",
                        "", {Drawn(Line("dctcp_alpha", "alpha", "step", "#7b3294"), "declared")});
    p.family = "tcp";
    p.only_with_samples_of = "dctcp_alpha";
    panels.push_back(p);
  }
  // One TCP Prague flow: the same estimate, for the L4S sender (its draft §2.3).
  {
    PanelDecl p = Panel("prague-alpha", kSingle, "Prague alpha: the marked fraction it estimates", "Prague alpha",
                        "alpha", "", {Drawn(Line("prague_alpha", "alpha", "step", "#7b3294"), "declared")});
    p.family = "tcp";
    p.only_with_samples_of = "prague_alpha";
    panels.push_back(p);
  }
  {
    PanelDecl p = Panel("seq", kSingle, "Time–sequence", "Time–sequence", "segment", "segment", SeqTraces());
    p.family = "tcp";
    p.kind = "time_sequence";
    p.main = true;
    panels.push_back(p);
  }
  {
    // A delay-based sender that measures one-way delays (LEDBAT, RFC 6817 §2.4.2): the
    // queuing delay it believes it adds, and the base delay it measures it from.
    PanelDecl p = Panel("one-way-delay", kSingle, "One-way delay: queuing delay estimate and base delay", "Delay",
                        "delay (ms)", "ms",
                        {Line("queuing_delay_estimate", "queuing delay estimate", "line", "#d9480f"),
                         Dashed(Line("base_delay", "base delay", "step", "#1f6fb2"), "6 4")});
    p.family = "tcp";
    p.only_with_samples_of = "queuing_delay_estimate";
    panels.push_back(p);
  }
  {
    // A rate-based flow has no segments and ACKs to trace: its loss (event) rate instead.
    PanelDecl p = Panel("loss-event-rate", kSingle, "Loss event rate (what the equation is given)", "Loss rate",
                        "loss rate", "", {Line("loss_event_rate", "loss event rate", "step", "lossRate")});
    p.family = "rate";
    p.title_without_samples_of = "equation_rate";
    p.title_without = "Loss rate the sender measures";
    p.empty_text = "no loss measured in this run";
    panels.push_back(p);
  }

  // Many flows: one colour per flow (the flow list's), the throughput each got and
  // its share over time with Jain's index (Jain, Chiu & Hawe 1984).
  {
    PanelDecl p = Panel("cwnd", kMulti, "Congestion window of each flow", "Windows", "window (segments)", "segments",
                        {Each(Line("cwnd", "", "step", ""), "flow")});
    p.main = true;
    p.legend = false;
    p.empty_text = "no window in this run";
    panels.push_back(p);
  }
  {
    PanelDecl p =
        Panel("rate", kMulti, "Sending rate of each rate-based flow: allowed (solid) and the equation's (dashed)",
              "Sending rates", "rate (Mb/s)", "Mb/s",
              {Each(Line("allowed_rate", "allowed", "step", ""), "flow"),
               Each(Dashed(Line("equation_rate", "equation", "line", ""), "6 4"), "flow")});
    p.family = "rate";
    p.legend = false;
    panels.push_back(p);
  }
  {
    PanelDecl p = Panel(
        "throughput", kMulti, "Throughput of each flow and background group", "Throughput", "throughput (Mb/s)", "Mb/s",
        {Each(Line("throughput", "", "line", ""), "flow"),
         Each(Scoped(Dashed(Line("throughput", "", "line", ""), "6 4"), "group"), "group"), Capacity()});
    p.main = true;
    p.legend = false;
    panels.push_back(p);
  }
  {
    PanelDecl p =
        Panel("share", kMulti, "Throughput share · Jain's index over the run {summary.jain_index}", "Share",
              "share of throughput (%)", "%",
              {Transformed(Each(Line("throughput", "", "area", ""), "flow"), "share"),
               Transformed(Each(Scoped(Line("throughput", "", "area", ""), "group"), "group"), "share"),
               Drawn(Transformed(Scoped(Dashed(Line("jain", "Jain's index × 100", "line", "#111111"), "5 3"), "run"),
                                 "percent"),
                     "samples")});
    p.percent = true;
    p.legend = false;
    panels.push_back(p);
  }

  // One flow on a link a delivery trace drives: its throughput under the capacity the
  // trace offers (absent on a link of fixed rate, where the utilization chart says it).
  {
    PanelDecl p = Panel("throughput", kSingle, "Throughput against the bottleneck's capacity (trace)", "Throughput",
                        "throughput (Mb/s)", "Mb/s",
                        {Each(Line("throughput", "throughput", "line", "throughput"), "flow"), Capacity()});
    p.only_with_samples_of = "capacity_mbps";
    panels.push_back(p);
  }

  // The path (what a bufferbloat lesson shows): the bottleneck queue against its
  // buffer limit, its utilization, and each flow's RTT samples against its base RTT.
  {
    PanelDecl p =
        Panel("queue", kLive, "Bottleneck queue against its buffer limit", "Queue", "queue (packets)", "packets",
              {Scoped(Line("queue", "bottleneck queue", "step", "#1b2430"), "link"),
               // Each flow's sub-queue beside the whole: FQ-CoDel's own (RFC 8290 §4.1), DualPI2's
               // L4S or classic queue (RFC 9332 §2.1).
               Drawn(Each(Line("sub_queue", "sub-queue", "step", "#2a9d8f"), "flow"), "samples"),
               // Each CE mark the queue made on a flow's packet, at the queue then (RFC 3168
               // §5): DCTCP's marks sit at or above K (RFC 8257 §3.1).
               Each(Points("ce_mark", "CE mark", "triangle", "#e07a00", "samples"), "flow")});
    p.references = {"queue_limit"};
    panels.push_back(p);
  }
  {
    PanelDecl p =
        Panel("utilization", kLive, "Bottleneck utilization (throughput over rate)", "Utilization", "utilization (%)",
              "%", {Scoped(Line("utilization", "bottleneck utilization", "line", "#2a9d4b"), "link")});
    p.percent = true;
    p.empty_text = "no utilization in this run";
    panels.push_back(p);
  }
  {
    PanelDecl p = Panel("rtt", kLive, "RTT samples against the base RTT", "RTT", "RTT (ms)", "ms",
                        {Each(Line("rtt_sample", "RTT samples", "line", "#1f6fb2"), "flow")});
    p.references = {"base_rtt"};
    p.empty_text = "no RTT samples in this run";
    panels.push_back(p);
  }

  {
    PanelDecl p = Panel("seq", kMulti, "Time–sequence of flow {flow} (the traced flow)", "Time–sequence", "segment",
                        "segment", SeqTraces());
    p.kind = "time_sequence";
    p.focus = "traced";
    p.main = true;
    panels.push_back(p);
  }
  // TCP-Real's token bucket and its playback application (TCP-Real §3).
  const std::vector<PanelLine> tokens = {
      Line("tokens_per_rtt", "tokens consumed per RTT", "line", "tokens"),
      Dashed(Line("tokens_allowed_per_rtt", "tokens allowed per RTT", "step", "allowed"), "7 5")};
  const std::vector<PanelLine> app = {
      Line("app_success_pct", "playback reads that succeeded (cumulative)", "line", "app")};
  {
    PanelDecl p = Panel("tokens", kSingle, "Tokens consumed per RTT", "Tokens", "tokens per RTT", "tokens", tokens);
    p.empty_text = "no token-bucket samples in this run (is the token bucket enabled?)";
    panels.push_back(p);
    p = Panel("app", kSingle, "Application (playback) success", "Playback", "successful reads (%)", "%", app);
    p.percent = true;
    p.empty_text = "no playback reads in this run";
    panels.push_back(p);
  }
  {
    PanelDecl p =
        Panel("tokens", kMulti, "Tokens consumed per RTT · flow {flow}", "Tokens", "tokens per RTT", "tokens", tokens);
    p.focus = "selected";
    p.empty_text = "no token-bucket samples for this flow (is its token bucket enabled?)";
    panels.push_back(p);
    p = Panel("app", kMulti, "Application (playback) success · flow {flow}", "Playback", "successful reads (%)", "%",
              app);
    p.focus = "selected";
    p.percent = true;
    p.empty_text = "no playback reads for this flow";
    panels.push_back(p);
  }

  // Compared protocols: one line per protocol (its colour), the window with each
  // one's loss events, and the goodput from what was delivered in order, under the
  // capacity a delivery trace offers (a line with a label of its own is the path's,
  // drawn once: the trace is the same in every compared run).
  {
    PanelDecl p = Panel("cwnd", kCompare, "Congestion window", "Window", "cwnd (segments)", "segments",
                        {Line("cwnd", "", "step", "")});
    p.markers = true;
    p.legend = false;
    panels.push_back(p);
    p = Panel("goodput", kCompare, "Goodput", "Goodput", "goodput (Mb/s)", "Mb/s",
              {Transformed(Line("delivered", "", "step", ""), "goodput"), Capacity()});
    p.legend = false;
    panels.push_back(p);
    p = Panel("tokens", kCompare, "Tokens consumed per RTT", "Tokens", "tokens per RTT", "tokens",
              {Line("tokens_per_rtt", "", "line", "")});
    p.legend = false;
    p.empty_text = "no token-bucket samples (is the token bucket enabled?)";
    panels.push_back(p);
    p = Panel("app", kCompare, "Application (playback) success", "Playback", "successful reads (%)", "%",
              {Line("app_success_pct", "", "line", "")});
    p.legend = false;
    p.percent = true;
    p.empty_text = "no playback reads";
    panels.push_back(p);
  }
  return panels;
}

}  // namespace

const std::vector<PanelDecl>& PanelDecls() {
  static const std::vector<PanelDecl> panels = Declare();
  return panels;
}

const std::vector<std::string>& UnchartedSeries() {
  // Recorded for the CSV export and the manual-control score (srtt), drawn nowhere:
  // the RTT chart shows the samples srtt smooths, the window chart what flight is allowed.
  static const std::vector<std::string> names = {"flight_size", "srtt", "rto"};
  return names;
}

}  // namespace plab
