// |x| of two f32 values: binding 0 is read, binding 1 written.
#layout = #hal.pipeline.layout<bindings = [
  #hal.pipeline.binding<storage_buffer>,
  #hal.pipeline.binding<storage_buffer>
]>
hal.executable.source public @absolute {
  hal.executable.export public @absolute_2xf32 ordinal(0) layout(#layout)
      count(%device: !hal.device) -> (index, index, index) {
    %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
    hal.return %x, %y, %z : index, index, index
  }
  builtin.module {
    func.func @absolute_2xf32() {
      %zero = arith.constant 0 : index
      %in = hal.interface.binding.subspan layout(#layout) binding(0) alignment(4) offset(%zero)
          : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2xf32>>
      %out = hal.interface.binding.subspan layout(#layout) binding(1) alignment(4) offset(%zero)
          : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2xf32>>
      %values = iree_tensor_ext.dispatch.tensor.load %in, offsets = [0], sizes = [2], strides = [1]
          : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2xf32>> -> tensor<2xf32>
      %init = tensor.empty() : tensor<2xf32>
      %result = linalg.generic {
          indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
          iterator_types = ["parallel"]}
          ins(%values : tensor<2xf32>) outs(%init : tensor<2xf32>) {
      ^bb0(%v: f32, %unused: f32):
        %a = math.absf %v : f32
        linalg.yield %a : f32
      } -> tensor<2xf32>
      iree_tensor_ext.dispatch.tensor.store %result, %out, offsets = [0], sizes = [2], strides = [1]
          : tensor<2xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2xf32>>
      return
    }
  }
}
