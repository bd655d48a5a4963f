#pragma once
// Multiplies data[0..n) on the device by twice the factor.
extern "C" void scale_on_device(float* data, int n, float factor);
