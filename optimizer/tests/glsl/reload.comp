#version 450
// Differential shader (tests/optimizer_differential.rs): the testgen interface (bindings 0 and 1
// read, binding 2 written, 64 invocations per group), values reloaded for every lane, and a
// read back of memory just written, which a store must keep from being forwarded.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer A { vec4 a[]; };
layout(set = 0, binding = 1) readonly buffer B { vec4 b[]; };
layout(set = 0, binding = 2) buffer Out { vec4 o[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= uint(o.length())) {
        return;
    }
    uint j = (i + 1u) % uint(a.length());
    vec3 s = vec3(smoothstep(min(a[j].x, a[j].y), max(a[j].x, a[j].y) + 1.0, b[i].x),
                  smoothstep(min(a[j].x, a[j].y), max(a[j].x, a[j].y) + 1.0, b[i].y),
                  smoothstep(min(a[j].x, a[j].y), max(a[j].x, a[j].y) + 1.0, b[i].z));
    vec3 m = vec3(mix(b[i].x, a[i].x, a[j].z), mix(b[i].y, a[i].y, a[j].z),
                  mix(b[i].z, a[i].z, a[j].z));
    vec3 c = vec3(clamp(b[i].x * a[j].w, -2.0, 2.0), clamp(b[i].y * a[j].w, -2.0, 2.0),
                  clamp(b[i].z * a[j].w, -2.0, 2.0));
    vec3 f = vec3(fma(a[i].x, a[j].w, b[i].w), fma(a[i].y, a[j].w, b[i].w),
                  fma(a[i].z, a[j].w, b[i].w));
    o[i] = vec4(s + m, a[j].z);
    // Reads back what was just written; the store to o[i].x must end the first read of it.
    float first = o[i].x;
    o[i].x = first * c.x + f.x;
    o[i] = vec4(o[i].x + first, o[i].y * c.y + f.y, o[i].z * c.z + f.z, o[i].w);
}
