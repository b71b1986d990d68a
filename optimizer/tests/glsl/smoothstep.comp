#version 450
// The shape of issue #16: `p.lo` and `p.hi` are loaded again for every lane.
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) buffer Params { float lo; float hi; vec4 v; } p;
layout(set = 0, binding = 1) buffer Out { vec3 s; } o;

void main() {
    vec3 s = vec3(smoothstep(p.lo, p.hi, p.v.x), smoothstep(p.lo, p.hi, p.v.y),
                  smoothstep(p.lo, p.hi, p.v.z));
    o.s = s;
}
