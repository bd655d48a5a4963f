set pagination off
set print frame-info source-line
set may-call-functions off
set trace-commands on
print $threadIdx
print $blockIdx
print row
print c
info simt-threads
