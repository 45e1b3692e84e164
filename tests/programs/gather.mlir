// out[0] = table[index[0]], with the index read at run time. Compiled for
// VMVX, whose dispatches bounds-check every load: an index past the table
// makes the dispatch itself fail on the device (the way a device-side fault
// fails work), after the call has been issued.
module @gather {
  func.func @pick(%table: tensor<4xf32>, %index: tensor<1xi32>) -> tensor<1xf32> {
    %init = tensor.empty() : tensor<1xf32>
    %r = linalg.generic {
        indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
        iterator_types = ["parallel"]}
        ins(%index : tensor<1xi32>) outs(%init : tensor<1xf32>) {
    ^bb0(%k: i32, %out: f32):
      %j = arith.index_cast %k : i32 to index
      %v = tensor.extract %table[%j] : tensor<4xf32>
      linalg.yield %v : f32
    } -> tensor<1xf32>
    return %r : tensor<1xf32>
  }
}
