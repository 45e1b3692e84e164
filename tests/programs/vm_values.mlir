// A result of every VM value type: scalars of each width, a list of
// variants (values of each type, a nested list, a buffer view, a vm.buffer),
// a vm.buffer, a null ref and an empty list: what ireec.vm.List and Buffer
// read back, and what run-module prints as iree-run-module does. Compiled
// with --iree-input-demote-f64-to-f32=false so f64 stays f64.
module @values {
  func.func @i32(%x: i32) -> i32 { return %x : i32 }
  func.func @i64(%x: i64) -> i64 { return %x : i64 }
  func.func @f32(%x: f32) -> f32 { return %x : f32 }
  func.func @f64(%x: f64) -> f64 { return %x : f64 }
  func.func @mk(%x: i32) -> !util.list<?> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %l = util.list.create %c1 : !util.list<?>
    util.list.resize %l, %c1 : !util.list<?>
    util.list.set %l[%c0], %x : i32 -> !util.list<?>
    return %l : !util.list<?>
  }
  func.func @every(%x: i32) -> !util.list<?> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %l = util.list.create %c7 : !util.list<?>
    util.list.resize %l, %c7 : !util.list<?>
    util.list.set %l[%c0], %x : i32 -> !util.list<?>
    %wide = arith.extsi %x : i32 to i64
    util.list.set %l[%c1], %wide : i64 -> !util.list<?>
    %f = arith.constant 2.5 : f32
    util.list.set %l[%c2], %f : f32 -> !util.list<?>
    %d = arith.constant 0.125 : f64
    util.list.set %l[%c3], %d : f64 -> !util.list<?>
    %inner = util.list.create %c1 : !util.list<?>
    util.list.resize %inner, %c1 : !util.list<?>
    util.list.set %inner[%c0], %x : i32 -> !util.list<?>
    util.list.set %l[%c4], %inner : !util.list<?> -> !util.list<?>
    %t = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
    %v = hal.tensor.export %t : tensor<2xf32> -> !hal.buffer_view
    util.list.set %l[%c5], %v : !hal.buffer_view -> !util.list<?>
    %b = util.buffer.constant : !util.buffer = "bytes"
    util.list.set %l[%c6], %b : !util.buffer -> !util.list<?>
    return %l : !util.list<?>
  }
  func.func @buffer() -> !util.buffer {
    %b = util.buffer.constant : !util.buffer = "bytes"
    return %b : !util.buffer
  }
  func.func @null() -> !util.list<?> {
    %n = util.null : !util.list<?>
    return %n : !util.list<?>
  }
  func.func @empty() -> !util.list<?> {
    %c0 = arith.constant 0 : index
    %l = util.list.create %c0 : !util.list<?>
    return %l : !util.list<?>
  }
  // i8 and i16 values (the VM holds them as i32) and a null ref in a list.
  func.func @narrow(%x: i32) -> !util.list<?> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %l = util.list.create %c3 : !util.list<?>
    util.list.resize %l, %c3 : !util.list<?>
    %b = arith.trunci %x : i32 to i8
    util.list.set %l[%c0], %b : i8 -> !util.list<?>
    %h = arith.trunci %x : i32 to i16
    util.list.set %l[%c1], %h : i16 -> !util.list<?>
    %n = util.null : !hal.buffer_view
    util.list.set %l[%c2], %n : !hal.buffer_view -> !util.list<?>
    return %l : !util.list<?>
  }
  // A list of i32 (not of variants): x and x + 1.
  func.func @typed(%x: i32) -> !util.list<i32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %l = util.list.create %c2 : !util.list<i32>
    util.list.resize %l, %c2 : !util.list<i32>
    util.list.set %l[%c0], %x : !util.list<i32>
    %one = arith.constant 1 : i32
    %y = arith.addi %x, %one : i32
    util.list.set %l[%c1], %y : !util.list<i32>
    return %l : !util.list<i32>
  }
  // A list holding one empty list.
  func.func @nested_empty() -> !util.list<?> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %l = util.list.create %c1 : !util.list<?>
    util.list.resize %l, %c1 : !util.list<?>
    %inner = util.list.create %c0 : !util.list<?>
    util.list.set %l[%c0], %inner : !util.list<?> -> !util.list<?>
    return %l : !util.list<?>
  }
}
