// Functions taking VM lists (of each element type, nested) and vm.buffers
// (util.buffer), reading them and handing them back: what a Python list,
// tuple, ireec.vm.List, bytes or ireec.vm.Buffer argument becomes. Compiled
// with --iree-input-demote-f64-to-f32=false so f64 stays f64.
module @vmargs {
  func.func @size(%l: !util.list<?>) -> index {
    %n = util.list.size %l : !util.list<?>
    return %n : index
  }
  func.func @same(%l: !util.list<?>) -> !util.list<?> {
    return %l : !util.list<?>
  }
  func.func @get_i8(%l: !util.list<i8>, %i: index) -> i8 {
    %v = util.list.get %l[%i] : !util.list<i8>
    return %v : i8
  }
  func.func @get_i16(%l: !util.list<i16>, %i: index) -> i16 {
    %v = util.list.get %l[%i] : !util.list<i16>
    return %v : i16
  }
  func.func @get_i32(%l: !util.list<i32>, %i: index) -> i32 {
    %v = util.list.get %l[%i] : !util.list<i32>
    return %v : i32
  }
  func.func @get_i64(%l: !util.list<i64>, %i: index) -> i64 {
    %v = util.list.get %l[%i] : !util.list<i64>
    return %v : i64
  }
  func.func @get_f32(%l: !util.list<f32>, %i: index) -> f32 {
    %v = util.list.get %l[%i] : !util.list<f32>
    return %v : f32
  }
  func.func @get_f64(%l: !util.list<f64>, %i: index) -> f64 {
    %v = util.list.get %l[%i] : !util.list<f64>
    return %v : f64
  }
  func.func @get_view(%l: !util.list<!hal.buffer_view>, %i: index) -> !hal.buffer_view {
    %v = util.list.get %l[%i] : !util.list<!hal.buffer_view>
    return %v : !hal.buffer_view
  }
  func.func @get_tensor(%l: !util.list<?>, %i: index) -> tensor<2xf32> {
    %r = util.list.get %l[%i] : !util.list<?> -> !hal.buffer_view
    %v = hal.tensor.import %r : !hal.buffer_view -> tensor<2xf32>
    %d = arith.addf %v, %v : tensor<2xf32>
    return %d : tensor<2xf32>
  }
  func.func @get_buffer(%l: !util.list<!util.buffer>, %i: index) -> !util.buffer {
    %v = util.list.get %l[%i] : !util.list<!util.buffer>
    return %v : !util.buffer
  }
  func.func @get_list(%l: !util.list<!util.list<?>>, %i: index) -> !util.list<?> {
    %v = util.list.get %l[%i] : !util.list<!util.list<?>>
    return %v : !util.list<?>
  }
  func.func @push_i32(%l: !util.list<?>, %x: i32) -> !util.list<?> {
    %n = util.list.size %l : !util.list<?>
    %c1 = arith.constant 1 : index
    %m = arith.addi %n, %c1 : index
    util.list.resize %l, %m : !util.list<?>
    util.list.set %l[%n], %x : i32 -> !util.list<?>
    return %l : !util.list<?>
  }
  func.func @buffer_size(%b: !util.buffer) -> index {
    %n = util.buffer.size %b : !util.buffer
    return %n : index
  }
  func.func @buffer_byte(%b: !util.buffer, %i: index) -> i32 {
    %n = util.buffer.size %b : !util.buffer
    %v = util.buffer.load %b[%i for %n] : !util.buffer{%n} -> i8
    %w = arith.extui %v : i8 to i32
    return %w : i32
  }
  func.func @buffer_store(%b: !util.buffer, %i: index, %x: i32) {
    %n = util.buffer.size %b : !util.buffer
    %v = arith.trunci %x : i32 to i8
    util.buffer.store %v, %b[%i for %n] : i8 -> !util.buffer{%n}
    return
  }
  func.func @same_buffer(%b: !util.buffer) -> !util.buffer {
    return %b : !util.buffer
  }
  func.func @constant() -> !util.buffer {
    %b = util.buffer.constant : !util.buffer = "constant"
    return %b : !util.buffer
  }
}
