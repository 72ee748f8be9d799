#include "net/queue/queue_entries.h"
#include "net/queue/red_queue.h"

namespace plab {

QueueEntry RedEntry() {
  QueueEntry e;
  e.name = "red";
  e.label = "RED";
  e.help = "RED with ns-2's classic defaults (the papers ran ns-2)";
  e.source = "Floyd & Jacobson 1993 (RED)";
  e.can_mark = true;
  e.params.push_back(NumberParam("red.min_thresh_packets", "RED min threshold", "", "packets", 0, 100000, 5,
                                 "Below this average queue RED never drops early")
                         .Source("ns-2 ns-default.tcl: thresh_ 5")
                         .Advanced());
  e.params.push_back(NumberParam("red.max_thresh_packets", "RED max threshold", "", "packets", 0, 100000, 15,
                                 "At this average queue RED drops every arrival (twice this when gentle)")
                         .Source("ns-2 ns-default.tcl: maxthresh_ 15")
                         .Advanced());
  e.params.push_back(NumberParam("red.weight", "RED queue weight", "", "", 0.00001, 1, 0.002,
                                 "Weight of each new sample in the average queue (EWMA)")
                         .Source("ns-2 ns-default.tcl: q_weight_ 0.002")
                         .Log()
                         .Advanced());
  e.params.push_back(NumberParam("red.max_p", "RED max drop probability", "", "", 0, 1, 0.1,
                                 "Early-drop probability as the average reaches the max threshold")
                         .Source("ns-2 ns-default.tcl: linterm_ 10 (max_p = 1/10)")
                         .Advanced());
  e.params.push_back(BoolParam("red.gentle", "RED gentle", "", false,
                               "Between max and twice max threshold, raise the probability from max_p to 1 instead "
                               "of dropping everything (ns-2.35's default; off in the papers' ns-2)")
                         .Source("Floyd 2000, gentle RED")
                         .Advanced());
  e.make = [](const ParamView& link, QueueBuild b) {
    RedQueue::Params p;
    p.limit_packets = b.limit_packets;
    p.min_thresh_packets = link.Number("red.min_thresh_packets");
    p.max_thresh_packets = link.Number("red.max_thresh_packets");
    p.weight = link.Number("red.weight");
    p.max_p = link.Number("red.max_p");
    p.gentle = link.Bool("red.gentle");
    p.link_rate = b.rate;
    return std::make_unique<RedQueue>(b.pool, p, b.rng);
  };
  return e;
}

}  // namespace plab
