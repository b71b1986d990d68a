#version 450
// A chain rebuilt by one construct: `a * k + t` per lane, `k` and `t` reloaded for every lane.
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) buffer Params { float k; float t; vec4 a; } p;
layout(set = 0, binding = 1) buffer Out { vec3 r; } o;

void main() {
    o.r = vec3(p.a.x * p.k + p.t, p.a.y * p.k + p.t, p.a.z * p.k + p.t);
}
