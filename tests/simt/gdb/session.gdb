set pagination off
set print thread-events off
set print frame-info source-line
set may-call-functions off
set disable-randomization off
set trace-commands on
break row_sum_kernels.cuh:7 if $threadIdx.x == 5 && $blockIdx.x == 1
run
print $threadIdx
print $blockIdx
print tid
print s
print partial[tid + s]
info simt-threads
delete
break row_sum_kernels.cuh:20 if $blockIdx.x == 1
continue
print total
info simt-threads
kill
