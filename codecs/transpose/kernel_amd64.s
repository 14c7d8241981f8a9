//go:build amd64 && !noasm

#include "textflag.h"

// func transposeBlocks32(dst *uint32, dstRow uintptr, src *uint32, srcCol uintptr, rows, cols int)
//
// dst[i*dstRow + j] = src[i + j*srcCol] for i < rows, j < cols, with the
// strides in bytes and rows, cols multiples of 8. Each 8x8 block is
// loaded as eight rows of eight 32-bit elements, transposed in registers
// (unpack, shuffle, 128-bit lane permute) and stored as eight rows.
TEXT ·transposeBlocks32(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ dstRow+8(FP), R8
	MOVQ src+16(FP), BX
	MOVQ srcCol+24(FP), R9
	MOVQ rows+32(FP), R10
	MOVQ cols+40(FP), R11
	LEAQ (R9)(R9*2), R12
	LEAQ (R8)(R8*2), R13

colloop:
	CMPQ R11, $8
	JLT  done
	MOVQ DI, DX
	XORQ AX, AX

rowloop:
	CMPQ AX, R10
	JGE  nextcols
	LEAQ (BX)(AX*4), SI
	VMOVUPS (SI), Y0
	VMOVUPS (SI)(R9*1), Y1
	VMOVUPS (SI)(R9*2), Y2
	VMOVUPS (SI)(R12*1), Y3
	LEAQ (SI)(R9*4), CX
	VMOVUPS (CX), Y4
	VMOVUPS (CX)(R9*1), Y5
	VMOVUPS (CX)(R9*2), Y6
	VMOVUPS (CX)(R12*1), Y7

	VUNPCKLPS Y1, Y0, Y8
	VUNPCKHPS Y1, Y0, Y9
	VUNPCKLPS Y3, Y2, Y10
	VUNPCKHPS Y3, Y2, Y11
	VUNPCKLPS Y5, Y4, Y12
	VUNPCKHPS Y5, Y4, Y13
	VUNPCKLPS Y7, Y6, Y14
	VUNPCKHPS Y7, Y6, Y15

	VSHUFPS $0x44, Y10, Y8, Y0
	VSHUFPS $0xEE, Y10, Y8, Y1
	VSHUFPS $0x44, Y11, Y9, Y2
	VSHUFPS $0xEE, Y11, Y9, Y3
	VSHUFPS $0x44, Y14, Y12, Y4
	VSHUFPS $0xEE, Y14, Y12, Y5
	VSHUFPS $0x44, Y15, Y13, Y6
	VSHUFPS $0xEE, Y15, Y13, Y7

	VPERM2F128 $0x20, Y4, Y0, Y8
	VPERM2F128 $0x20, Y5, Y1, Y9
	VPERM2F128 $0x20, Y6, Y2, Y10
	VPERM2F128 $0x20, Y7, Y3, Y11
	VPERM2F128 $0x31, Y4, Y0, Y12
	VPERM2F128 $0x31, Y5, Y1, Y13
	VPERM2F128 $0x31, Y6, Y2, Y14
	VPERM2F128 $0x31, Y7, Y3, Y15

	VMOVUPS Y8, (DX)
	VMOVUPS Y9, (DX)(R8*1)
	VMOVUPS Y10, (DX)(R8*2)
	VMOVUPS Y11, (DX)(R13*1)
	LEAQ (DX)(R8*4), CX
	VMOVUPS Y12, (CX)
	VMOVUPS Y13, (CX)(R8*1)
	VMOVUPS Y14, (CX)(R8*2)
	VMOVUPS Y15, (CX)(R13*1)
	LEAQ (CX)(R8*4), DX
	ADDQ $8, AX
	JMP  rowloop

nextcols:
	LEAQ (BX)(R9*8), BX
	ADDQ $32, DI
	SUBQ $8, R11
	JMP  colloop

done:
	VZEROUPPER
	RET
