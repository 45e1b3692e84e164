// A program calling a module "py" that tests write in Python
// (ireec.vm.NativeModule), through imports of each kind of calling
// convention: scalars of each width in and out, several results, no
// arguments or no results (`v`), and refs (a list, a vm.buffer, a tensor).
// Compiled with --iree-input-demote-f64-to-f32=false so f64 stays f64.
module @imports {
  func.func private @py.add(i32, i32) -> i32
  func.func private @py.scale(i64, f32, f64) -> (i64, f32, f64)
  func.func private @py.note(i32)
  func.func private @py.tick() -> i32
  func.func private @py.nothing()
  func.func private @py.size(!util.list<?>) -> index
  func.func private @py.range(i32) -> !util.list<?>
  func.func private @py.reverse(!util.buffer) -> !util.buffer
  func.func private @py.negate(tensor<?xf32>) -> tensor<?xf32>

  func.func @add(%a: i32, %b: i32) -> i32 {
    %0 = call @py.add(%a, %b) : (i32, i32) -> i32
    return %0 : i32
  }
  func.func @scale(%a: i64, %b: f32, %c: f64) -> (i64, f32, f64) {
    %0:3 = call @py.scale(%a, %b, %c) : (i64, f32, f64) -> (i64, f32, f64)
    return %0#0, %0#1, %0#2 : i64, f32, f64
  }
  // note(x), then nothing(), then tick() twice: the second tick.
  func.func @note_and_tick(%x: i32) -> i32 {
    call @py.note(%x) : (i32) -> ()
    call @py.nothing() : () -> ()
    %0 = call @py.tick() : () -> i32
    %1 = call @py.tick() : () -> i32
    return %1 : i32
  }
  func.func @size(%l: !util.list<?>) -> index {
    %0 = call @py.size(%l) : (!util.list<?>) -> index
    return %0 : index
  }
  func.func @range(%n: i32) -> !util.list<?> {
    %0 = call @py.range(%n) : (i32) -> !util.list<?>
    return %0 : !util.list<?>
  }
  func.func @reverse(%b: !util.buffer) -> !util.buffer {
    %0 = call @py.reverse(%b) : (!util.buffer) -> !util.buffer
    return %0 : !util.buffer
  }
  // -(x + x) + 1, the negation done by the import.
  func.func @negate(%x: tensor<?xf32>) -> tensor<?xf32> {
    %0 = arith.addf %x, %x : tensor<?xf32>
    %1 = call @py.negate(%0) : (tensor<?xf32>) -> tensor<?xf32>
    %c0 = arith.constant 0 : index
    %d = tensor.dim %1, %c0 : tensor<?xf32>
    %one = arith.constant 1.0 : f32
    %init = tensor.empty(%d) : tensor<?xf32>
    %ones = linalg.fill ins(%one : f32) outs(%init : tensor<?xf32>) -> tensor<?xf32>
    %2 = arith.addf %1, %ones : tensor<?xf32>
    return %2 : tensor<?xf32>
  }
}
