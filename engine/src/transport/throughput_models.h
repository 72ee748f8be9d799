// TCP throughput equations of the Ng & Chan paper (../papers 002), evaluated with a
// run's own measurements so a sweep can draw them over its measured goodput:
//   simple (Mathis et al.; Floyd & Mahdavi), §2.1:  T = s C / (RTT sqrt(p)),  C = sqrt(3/2)
//   complex (Padhye et al.), §2.2:
//     T = s / (RTT sqrt(2bp/3) + RTO min(1, 3 sqrt(3bp/8)) p (1 + 32 p^2))
//   modified (Ng & Chan), §5: the timeout probability min(1, 3 sqrt(3bp/8)) replaced by
//     P(Q) = (2 - p) p^(w-3) / (2 (1 - (1-p)^w)),  w = sqrt(8 / (3p))
// s = segment size, b = segments per ACK (1: no delayed ACKs), p = loss indications
// per packet sent. Results in bytes per second; 0 when p = 0 (the models need loss).
#pragma once

namespace plab {

struct ModelInputs {
  double segment_bytes = 1000;
  double rtt_s = 0.1;
  double rto_s = 1;
  double p = 0.01;
  double b = 1;
};

double SimpleModelBytesPerSecond(const ModelInputs& in);
double ComplexModelBytesPerSecond(const ModelInputs& in);
double ModifiedModelBytesPerSecond(const ModelInputs& in);

// e^x and x^y from arithmetic alone (range reduction + series, with the fdlibm log),
// so that native and WASM agree to the bit.
double DeterministicExp(double x);
double DeterministicPow(double x, double y);

}  // namespace plab
