// Small models shared by the prepare tests, built with TfliteBuilder. They use only RESHAPE
// (imported as aliases or copy nodes, which need no op prepare function) unless stated.
#ifndef LPAI_TESTS_PREPARE_TEST_MODELS_H
#define LPAI_TESTS_PREPARE_TEST_MODELS_H

#include "test_tflite_builder.h"

namespace lpai_test {

// Tensor indices of reshape_chain_model().
struct ChainIds {
  int in, a, b, c, out, unused;
};

// in[1,8] -RESHAPE-> a[2,4] -RESHAPE-> b[8] -RESHAPE-> c[4,2] -RESHAPE-> out[1,8]
// plus one tensor no op uses. in is a graph input and out a graph output, so the first and
// last RESHAPE become copy nodes; b and c alias a.
inline TfliteBuilder reshape_chain_model(ChainIds* ids) {
  TfliteBuilder m;
  ids->in = m.act("in", {1, 8});
  ids->a = m.act("a", {2, 4});
  ids->b = m.act("b", {8});
  ids->c = m.act("c", {4, 2});
  ids->out = m.act("out", {1, 8});
  ids->unused = m.act("unused", {1000});
  m.reshape(ids->in, ids->a);
  m.reshape(ids->a, ids->b);
  m.reshape(ids->b, ids->c);
  m.reshape(ids->c, ids->out);
  m.io({ids->in}, {ids->out});
  return m;
}

// A variable int16 state [1,16] copied to the output through RESHAPE, plus the input copied
// to a second output: in[1,4] -RESHAPE-> out0[4]; state -RESHAPE-> out1[16].
inline TfliteBuilder variable_model(int* state) {
  TfliteBuilder m;
  const int in = m.act("in", {1, 4});
  const int out0 = m.act("out0", {4});
  TensorSpec s;
  s.name = "state";
  s.type = tfl::TensorType_INT16;
  s.shape = {1, 16};
  s.scales = {0.25f};
  s.zero_points = {0};
  s.variable = true;
  *state = m.tensor(s);
  TensorSpec o = s;
  o.name = "out1";
  o.shape = {16};
  o.variable = false;
  const int out1 = m.tensor(o);
  m.reshape(in, out0);
  m.reshape(*state, out1);
  m.io({in}, {out0, out1});
  return m;
}

}  // namespace lpai_test

#endif  // LPAI_TESTS_PREPARE_TEST_MODELS_H
