#version 450
// FMix, FClamp, Fma and a multiplication, each with a scalar reloaded for every lane.
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) buffer Params { float t; float lo; float hi; float k; vec4 a; vec4 b; } p;
layout(set = 0, binding = 1) buffer Out { vec3 mixed; vec3 clamped; vec3 fused; vec3 scaled; } o;

void main() {
    o.mixed = vec3(mix(p.a.x, p.b.x, p.t), mix(p.a.y, p.b.y, p.t), mix(p.a.z, p.b.z, p.t));
    o.clamped = vec3(clamp(p.a.x, p.lo, p.hi), clamp(p.a.y, p.lo, p.hi), clamp(p.a.z, p.lo, p.hi));
    o.fused = vec3(fma(p.a.x, p.k, p.t), fma(p.a.y, p.k, p.t), fma(p.a.z, p.k, p.t));
    o.scaled = vec3(p.a.x * p.k, p.a.y * p.k, p.a.z * p.k);
}
